import { useSelector } from '../hooks/useSelector';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import { useViewCounted } from '../hooks/useSiteInfo';
import { useIdlePrefetch } from '../hooks/idlePrefetch';
import * as zhCN from '../../i18n/zh-CN';
import { MusicDock } from '../features/player/MusicDock';
import { ChatButton } from '../features/chat/ChatButton';
import { BackToTop } from '../shell/BackToTop';
import { ContextMenu } from '../shell/ContextMenu';
import { Footer } from '../shell/Footer';
import { Header } from '../shell/Header';
import { NoticeToaster } from '../shell/NoticeToaster';
import { RouteProgress } from '../shell/RouteProgress';
import { PageViewBeacon } from '../shell/PageViewBeacon';
import { PageOutlet } from './PageOutlet';
import { routeFor } from './routes';

/**
 * The view count shown on the page includes the visit just counted, without a second /api/config.
 * A leaf of its own, so the count's arrival renders nothing but what shows it (not the whole layout).
 */
function CountedVisit() {
  const session = useService(TOKENS.appSession);
  const viewCount = useSelector(session, (snapshot) => snapshot.context.viewCount);
  const viewCounted = useViewCounted();
  useEffect(() => {
    if (viewCount !== null) viewCounted(viewCount);
  }, [viewCount, viewCounted]);
  return null;
}

/** The one layout every route renders in: header, the page, footer, and the shell's floating pieces. */
export function Layout() {
  // Resolving the long-lived actors starts them: the theme applies itself, the session fetches the
  // page headers, counts this visit and greets the reader.
  useService(TOKENS.theme);
  useService(TOKENS.appSession);
  useIdlePrefetch();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {zhCN.nav.skipToContent}
      </a>
      <RouteProgress main={main} />
      <PageViewBeacon />
      <Header />
      <main id="main" ref={main} className="site-main" tabIndex={-1}>
        <PageOutlet />
      </main>
      {!routeFor(pathname)?.hideFooter && <Footer />}
      <BackToTop />
      <ChatButton />
      <MusicDock />
      <ContextMenu />
      <NoticeToaster />
      <CountedVisit />
    </div>
  );
}
