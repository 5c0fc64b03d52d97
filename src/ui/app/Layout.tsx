import { useSelector } from '../hooks/useSelector';
import { memo, Suspense, useEffect, useRef } from 'react';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import { useViewCounted } from '../hooks/useSiteInfo';
import { useIdlePrefetch } from '../hooks/idlePrefetch';
import * as zhCN from '../../i18n/zh-CN';
import { deferredShell } from '../shell/deferredShell';
import { Header } from '../shell/Header';
import { RouteProgress } from '../shell/RouteProgress';
import { PageViewBeacon } from '../shell/PageViewBeacon';
import { PageOutlet } from './PageOutlet';
// The deferred parts' styles stay in the first load: the server's markup of them must be styled at once.
import '../shell/footer.css';
import '../shell/floating.css';
import '../features/chat/chatButton.css';
import '../features/player/disc.css';

/**
 * Footer, floating buttons, music disc, context menu (see deferredShell). Memoised without props: were its
 * chunk still missing while the page hydrates (a page the browser renders alone), no render of the layout
 * would reach the boundary before it arrives (React would drop the server's markup for the empty fallback).
 */
const DeferredShellSlot = memo(function DeferredShellSlot() {
  return (
    <Suspense fallback={null}>
      <deferredShell.Component />
    </Suspense>
  );
});

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
      <DeferredShellSlot />
      <CountedVisit />
    </div>
  );
}
