/**
 * The page's only script tag (deferred, about a kilobyte compressed): it starts the app when the reader reaches for it,
 * or once the page has loaded and gone quiet. The server sends every page whole, readable and with working
 * links, so a slow phone spends neither its first bytes nor its first seconds of main thread on code: the
 * app's start-up (evaluating the code, building the container, hydrating) is most of a page's main-thread
 * work, and it no longer competes with the first paint, the first scroll or the pictures (docs/benchmarks.md,
 * Phone). `data-entry` is the app's module, `data-preload` the chunks the page runs first, fetched beside it.
 * Built by the `startAfterFirstPaint` plugin (vite.config.ts).
 *
 * Before the app is live a link is a link: the browser follows it to the next server-rendered page, which
 * is as fast as it gets (holding it for the app took a phone four times longer). A tap or a key on a button
 * is held, marked at once as taken (`data-held`, global.css), the app started, and the same button clicked
 * again once the app is live (App sets `data-hydrated`), so it does what it says instead of nothing.
 * A page the server sent without a body (the console) has nothing to read: it starts the app at once.
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
  /** What needs the app to answer a click; links do not. */
  const NEEDS_APP = 'button,[role=button]';

  const listening = new AbortController();
  /** Every listener the boot script keeps until the app starts. */
  const untilStart = { capture: true, passive: true, signal: listening.signal };
  let held: HTMLElement | null = null;
  const live = () => root.dataset.hydrated === 'true';

  /**
   * Each `<link rel=modulepreload>` costs its fetch's set-up on the main thread (9–28 ms each with the CPU 4× slower on the loaded machine the bench ran on),
   * and a page lists 25–32 chunks: added all at once they made the start's first long task, inside the very
   * key or tap that started it. Added a few per task instead, the entry first, with the task queue let through
   * between (a message to ourselves, as in src/ui/app/yieldToMain.ts).
   */
  const PRELOADS_PER_TASK = 4;
  const preload = (hrefs: string[]) => {
    for (const href of hrefs.splice(0, PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (!hrefs.length) return;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      preload(hrefs);
    };
    channel.port2.postMessage(null);
  };

  const moduleScript = (src: string) => {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = src;
    document.head.append(script);
    return script;
  };

  /**
   * The chunks of `data-first` (React, the other libraries) are evaluated one after the other, each as a
   * script of its own, and the entry once they have run: a module graph is evaluated in one task, and all of
   * it at once made a task of 125–165 ms with the CPU 4× slower. All are fetched at once (the entry is the
   * first preload); only their evaluations are apart.
   */
  const start = () => {
    if (listening.signal.aborted) return;
    listening.abort();
    const entry = boot.dataset.entry ?? '';
    const chunks = [...(boot.dataset.first ?? '').split(' ').filter(Boolean), entry];
    const next = () => {
      const script = moduleScript(chunks.shift()!);
      if (chunks.length) script.onload = next;
    };
    next();
    preload([entry, ...(boot.dataset.preload ?? '').split(' ').filter(Boolean)]);
  };

  /**
   * A tap on a link focuses the link on its way to following it: that focus is the tap, not a reader reaching
   * for the page, and starting the app then made the page evaluate its code before the browser could leave it
   * (a first tap took twice as long as the browser's own navigation). Within this long after a touch, a link's
   * focus starts nothing; a field's still does (the reader is about to type).
   */
  const TAP_FOCUS_MS = 1000;
  let touchedAt = -Infinity;
  const tapFocus = (event: Event) =>
    event.type === 'focusin' && event.timeStamp - touchedAt < TAP_FOCUS_MS && !!(event.target as Element).closest?.('a[href]');
  addEventListener('pointerdown', (event) => (event as PointerEvent).pointerType === 'touch' && (touchedAt = event.timeStamp), untilStart);
  for (const type of INTENT) {
    addEventListener(type, (event) => (event as PointerEvent).pointerType !== 'touch' && !tapFocus(event) && start(), untilStart);
  }

  // Clicked again once the app is live (App sets `data-hydrated`).
  const replay = new MutationObserver(() => {
    if (!live()) return;
    replay.disconnect();
    held?.removeAttribute('data-held');
    if (held?.isConnected) held.click();
    held = null;
  });

  /**
   * The phone menu is a <details> (src/ui/shell/MobileMenu.tsx) and opens without the app. Until the app is
   * live (it then does this itself) its opening moves focus into it, and Escape, its backdrop or its ✕
   * (`data-menu-close`) close it and give focus back to its button. Before `hold`: ✕ needs no app.
   */
  const phoneMenu = () => {
    const MENU = 'details.mobile-menu';
    const close = (menu: HTMLDetailsElement) => {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    };
    // `toggle` does not bubble: caught on its way down.
    document.addEventListener('toggle', (event) => {
      const menu = event.target as HTMLDetailsElement;
      if (!live() && menu.matches?.(`${MENU}[open]`)) menu.querySelector<HTMLElement>('.drawer :is(a[href],button)')?.focus();
    }, true);
    addEventListener('keydown', (event) => {
      const menu = document.querySelector<HTMLDetailsElement>(`${MENU}[open]`);
      if (!live() && menu && (event as KeyboardEvent).key === 'Escape') close(menu);
    }, true);
    addEventListener('click', (event) => {
      const menu = (event.target as Element).closest<HTMLDetailsElement>(`${MENU}[open]`);
      if (live() || !menu || !(event.target as Element).closest('[data-menu-close]')) return;
      event.stopImmediatePropagation();
      close(menu);
    }, true);
  };
  phoneMenu();

  const hold = (event: MouseEvent) => {
    if (live()) return removeEventListener('click', hold, true);
    // A click that asks the browser itself (a new tab, a download) needs no app.
    if (event.button || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const element = (event.target as Element).closest<HTMLElement>(NEEDS_APP);
    if (!element) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held?.removeAttribute('data-held');
    held = element;
    held.setAttribute('data-held', '');
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

  // A tab opened in the background shows nothing to anyone until it is shown, and a page without a body
  // (the console, a page the server could not render) shows nothing until the app renders it: start at once.
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.firstElementChild) start();
  else addEventListener('load', whenQuiet, { once: true });
})();
