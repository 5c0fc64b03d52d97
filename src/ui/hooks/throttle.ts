export interface Throttled {
  (): void;
  cancel(): void;
}

/** Runs `fn` at most once per `intervalMs`, with a trailing call so the last scroll position is never missed. */
export function throttle(fn: () => void, intervalMs: number): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = performance.now();
    fn();
  };
  const throttled = (() => {
    const wait = intervalMs - (performance.now() - last);
    if (wait <= 0) run();
    else timer ??= setTimeout(run, wait);
  }) as Throttled;
  throttled.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}
