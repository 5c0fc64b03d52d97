import { routeFor } from './routes';

/** A mouse resting this long on a link means the reader is about to follow it; one passing over it does not. */
const HOVER_INTENT_MS = 80;

/** The page an event's link leads to on this site, if it leads to one of its pages. */
function pageLinkedFrom(target: EventTarget | null) {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.origin !== window.location.origin) return undefined;
  return routeFor(link.pathname);
}

/**
 * A link the reader is about to follow starts fetching its page's code: a mouse resting on it, a finger or a
 * pen pressing it, the keyboard's focus on it. The first visit to a page then waits for its data alone, not
 * for its chunk first (the page outlet shows its loading state meanwhile). The idle prefetch leaves the pages
 * out (each is a few kilobytes most readers never open); this fetches only the one about to be opened, so it
 * also serves a reader who saves data. Returns the stop.
 */
export function prefetchPagesOnIntent(target: Document): () => void {
  let resting: ReturnType<typeof setTimeout> | undefined;
  // A chunk that fails raises the page's preload error, as the visit would a moment later.
  const fetchPage = (page: ReturnType<typeof pageLinkedFrom>) => void page?.load().catch(() => undefined);
  const now = (event: Event) => fetchPage(pageLinkedFrom(event.target));
  const over = (event: PointerEvent) => {
    clearTimeout(resting);
    const page = event.pointerType === 'mouse' ? pageLinkedFrom(event.target) : undefined;
    if (page) resting = setTimeout(() => fetchPage(page), HOVER_INTENT_MS);
  };
  const out = () => clearTimeout(resting);
  target.addEventListener('pointerover', over, { passive: true });
  target.addEventListener('pointerout', out, { passive: true });
  target.addEventListener('pointerdown', now, { passive: true });
  target.addEventListener('focusin', now);
  return () => {
    clearTimeout(resting);
    target.removeEventListener('pointerover', over);
    target.removeEventListener('pointerout', out);
    target.removeEventListener('pointerdown', now);
    target.removeEventListener('focusin', now);
  };
}
