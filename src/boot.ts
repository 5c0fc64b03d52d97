/**
 * The page's only script tag (deferred, under a kilobyte): it starts the app when the reader reaches for it,
 * or once the page has loaded and gone quiet. The server sends every page whole, readable and with working
 * links, so a slow phone spends neither its first bytes nor its first seconds of main thread on code: the
 * app's start-up (evaluating the code, building the container, hydrating) is most of a page's main-thread
 * work, and it no longer competes with the first paint, the first scroll or the pictures (docs/benchmarks.md,
 * Phone). `data-entry` is the app's module, `data-preload` the chunks the page runs first, fetched beside it.
 * Built by the `startAfterFirstPaint` plugin (vite.config.ts).
 *
 * A tap or a key that means "do something" before the app is live (a link, a button) is held, the app
 * started, and the same element clicked again once the app is live (App sets `data-hydrated`): the router
 * then follows the link without reloading, and a button does what it says instead of nothing.
 */
(() => {
  const boot = document.currentScript as HTMLScriptElement;
  const root = document.documentElement;
  /**
   * The page has gone quiet once this long passes after the load event without a long task (> 50 ms): a
   * phone is then done with the pictures and the first scroll, and the reader is reading.
   */
  const QUIET_MS = 3000;
  /** A page that never goes quiet, or whose load event is held back by a slow picture, starts after this long. */
  const QUIET_LIMIT_MS = 8000;
  /**
   * What says a reader is about to use the page starts the app at once: a key, a focus, a mouse moving or
   * pressed. Not a finger touching the screen: that is how a scroll starts too, and the start-up would make
   * the scroll stutter; a tap says what it wants through its click (held below).
   */
  const INTENT = ['keydown', 'focusin', 'pointermove', 'pointerdown'];
  const ACTIONABLE = 'a[href],button,[role=button]';

  const listening = new AbortController();
  /** Every listener the boot script keeps until the app starts. */
  const untilStart = { capture: true, passive: true, signal: listening.signal };
  let held: HTMLElement | null = null;
  const live = () => root.dataset.hydrated === 'true';

  const start = () => {
    if (listening.signal.aborted) return;
    listening.abort();
    for (const href of (boot.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = boot.dataset.entry ?? '';
    document.head.append(script);
  };

  for (const type of INTENT) {
    addEventListener(type, (event) => (event as PointerEvent).pointerType !== 'touch' && start(), untilStart);
  }

  // Clicked again once the app is live (App sets `data-hydrated`).
  const replay = new MutationObserver(() => {
    if (!live()) return;
    replay.disconnect();
    if (held?.isConnected) held.click();
    held = null;
  });

  const hold = (event: MouseEvent) => {
    if (live()) return removeEventListener('click', hold, true);
    // A click that asks the browser itself (a new tab, a download, another site) needs no app.
    if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const element = (event.target as Element).closest<HTMLElement>(ACTIONABLE);
    if (!element || (element instanceof HTMLAnchorElement && (element.target || element.origin !== location.origin))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = element;
    replay.observe(root, { attributeFilter: ['data-hydrated'] });
    start();
  };
  addEventListener('click', hold, true);

  // Nobody is reaching for the page: start once it has loaded and nothing has held the main thread for a
  // while, in an idle period, so the start-up never delays what the reader is looking at.
  setTimeout(start, QUIET_LIMIT_MS);
  const whenQuiet = () => {
    const idle = () => {
      longTasks?.disconnect();
      (window.requestIdleCallback ?? setTimeout)(start);
    };
    let quiet = setTimeout(idle, QUIET_MS);
    const longTasks = PerformanceObserver.supportedEntryTypes?.includes('longtask')
      ? new PerformanceObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(idle, QUIET_MS);
        })
      : null;
    longTasks?.observe({ type: 'longtask' });
  };

  // The image directive's half that needs no app: a picture that has loaded or failed drops its coffee cup
  // until the app is live (LazyImage then removes it). The picture lies over the cup, but a transparent one
  // showed it steaming through, and steam under a picture kept the phone's compositor animating for nobody.
  const PICTURE = '.lazy-image>img';
  // The cup is the picture's next sibling (LazyImage).
  const settle = (img: Element) => img.matches?.(PICTURE) && img.nextElementSibling?.setAttribute('hidden', '');
  for (const type of ['load', 'error']) {
    // A picture's load event stops at the document (it never reaches the window).
    document.addEventListener(type, (event) => settle(event.target as Element), untilStart);
  }
  for (const img of document.querySelectorAll<HTMLImageElement>(PICTURE)) if (img.complete) settle(img);

  // A tab opened in the background shows nothing to anyone until it is shown: start at once.
  if (document.visibilityState === 'hidden') start();
  else addEventListener('load', whenQuiet, { once: true });
})();
