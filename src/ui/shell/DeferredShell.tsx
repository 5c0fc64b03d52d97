import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ChatButton } from '../features/chat/ChatButton';
import { MusicDock } from '../features/player/MusicDock';
import { prefetchPagesOnIntent } from '../app/linkIntent';
import { routeFor } from '../app/routes';
import { BackToTop } from './BackToTop';
import { ContextMenu } from './ContextMenu';
import { Footer } from './Footer';
import { NoticeToaster } from './NoticeToaster';

/**
 * The layout's parts that are below the fold, only answer a click or are never rendered on the server: the
 * footer, the floating buttons, the music disc, the context menu and the notices (whose feed, in the entry,
 * keeps what was said before this chunk came in). A chunk of its own (see deferredShell.ts), out of the
 * first load; so is the fetch of a page's code when the reader reaches for a link to it.
 */
export default function DeferredShell() {
  const { pathname } = useLocation();
  useEffect(() => prefetchPagesOnIntent(document), []);
  return (
    <>
      {!routeFor(pathname)?.hideFooter && <Footer />}
      <BackToTop />
      <ChatButton />
      <MusicDock />
      <ContextMenu />
      <NoticeToaster />
    </>
  );
}
