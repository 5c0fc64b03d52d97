import type NProgressType from 'nprogress';
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import './floating.css';

type Bar = typeof NProgressType;

// Spec section 9. `trickleRate` still exists in nprogress 0.2 but is missing from its type definitions.
const settings: Partial<NProgressType.NProgressOptions> & { trickleRate: number } = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
};

/** The bar's code arrives with the first navigation: the page the reader lands on never shows it. */
let bar: Promise<Bar> | undefined;
function loadBar(): Promise<Bar> {
  bar ??= Promise.all([import('nprogress'), import('nprogress/nprogress.css')]).then(([{ default: nprogress }]) => {
    nprogress.configure(settings);
    return nprogress;
  });
  return bar;
}

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
  // The first page came rendered with the HTML: only a change of location shows the bar.
  const shown = useRef(pathname + search);

  useEffect(() => {
    if (shown.current === pathname + search) return;
    shown.current = pathname + search;
    const container = main.current;
    let current = true;
    let running: Bar | undefined;
    const finish = () => {
      observer.disconnect();
      clearTimeout(timer);
      current = false;
      running?.done();
    };
    const observer = new MutationObserver(() => {
      if (container && !pageLoading(container)) finish();
    });
    const timer = setTimeout(finish, GIVE_UP_MS);
    void loadBar().then((nprogress) => {
      nprogress.start();
      running = nprogress;
      // The page may have rendered while the bar's code loaded: the bar still runs, briefly.
      if (!current || !container || !pageLoading(container)) finish();
    });
    if (container) observer.observe(container, { childList: true });
    return () => {
      observer.disconnect();
      clearTimeout(timer);
      current = false;
    };
  }, [main, pathname, search]);

  return null;
}
