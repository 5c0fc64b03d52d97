/**
 * The page's only script tag (deferred, a few hundred bytes): it starts the app after the first paint.
 * The server sends every page whole, so a slow phone spends its first bytes on what is shown and fetches
 * the code that makes it live right after. `data-entry` is the app's module, `data-preload` the chunks the
 * page runs first, fetched beside it. Built by the `startAfterFirstPaint` plugin (vite.config.ts).
 */
(() => {
  const boot = document.currentScript as HTMLScriptElement;

  const start = () => {
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

  // A tab opened in the background paints nothing until it is shown: nothing to wait for.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
