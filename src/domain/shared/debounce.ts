export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel(): void;
  /** Runs a pending call now (with the latest arguments); no-op when nothing is pending. */
  flush(): void;
  /** Whether a call is waiting for the delay to pass. */
  pending(): boolean;
}

/**
 * Trailing-edge debounce: `fn` runs once, `delayMs` after the last call of a burst,
 * with that last call's arguments.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): Debounced<A> {
  if (!Number.isFinite(delayMs) || delayMs < 0) {
    throw new RangeError(`delayMs must be a finite number >= 0, got ${String(delayMs)}`);
  }
  let timer: ReturnType<typeof globalThis.setTimeout> | undefined;
  let lastArgs: A | undefined;

  const run = (): void => {
    const args = lastArgs;
    timer = undefined;
    lastArgs = undefined;
    if (args !== undefined) fn(...args);
  };

  const debounced = ((...args: A): void => {
    lastArgs = args;
    if (timer !== undefined) globalThis.clearTimeout(timer);
    timer = globalThis.setTimeout(run, delayMs);
  }) as Debounced<A>;

  debounced.cancel = (): void => {
    if (timer !== undefined) globalThis.clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };

  debounced.flush = (): void => {
    if (timer === undefined) return;
    globalThis.clearTimeout(timer);
    run();
  };

  debounced.pending = (): boolean => timer !== undefined;

  return debounced;
}
