import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import './floating.css';

// Spec section 9. `trickleRate` still exists in nprogress 0.2 but is missing from its type definitions.
const settings: Partial<NProgress.NProgressOptions> & { trickleRate: number } = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
};
NProgress.configure(settings);

/** A page that never settles must not leave the bar running forever. */
const GIVE_UP_MS = 15_000;

/** The Suspense fallback of the page outlet is a direct child of <main>; hidden keep-alive pages do not count. */
function pageLoading(main: HTMLElement): boolean {
  return Array.from(main.querySelectorAll(':scope > .loading')).some(
    (element) => !(element instanceof HTMLElement) || element.offsetParent !== null,
  );
}

/** Runs the progress bar on every route change until the new page has rendered. */
export function RouteProgress({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname, search } = useLocation();

  useEffect(() => {
    const container = main.current;
    NProgress.start();
    if (!container || !pageLoading(container)) {
      NProgress.done();
      return;
    }
    const finish = () => {
      observer.disconnect();
      clearTimeout(timer);
      NProgress.done();
    };
    const observer = new MutationObserver(() => {
      if (!pageLoading(container)) finish();
    });
    observer.observe(container, { childList: true });
    const timer = setTimeout(finish, GIVE_UP_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [main, pathname, search]);

  return null;
}
