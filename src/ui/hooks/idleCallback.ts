/*
 * What the idle prefetch (idlePrefetch.ts, and its scheduling in idleSchedule.ts, fetched after the load event) and
 * the offline worker's registration share: a fetch of code, and a way to run something when the browser is idle.
 */

/** A fetch of code only: it starts nothing and resolves (never rejects) once the chunk is in or has failed. */
export type Prefetch = () => Promise<unknown>;

/** Runs `callback` when the thread is idle; returns the cancel. */
export type IdleScheduler = (callback: () => void) => () => void;

/** Fallback where `requestIdleCallback` is missing (Safari): a pause long enough for the page to settle. */
export const IDLE_FALLBACK_MS = 1000;
/** Even a page that never goes idle (an animation) gets its prefetch after this long. */
export const IDLE_TIMEOUT_MS = 3000;

export function browserIdleScheduler(win: Window & typeof globalThis): IdleScheduler {
  return (callback) => {
    if (typeof win.requestIdleCallback === 'function') {
      const handle = win.requestIdleCallback(() => callback(), { timeout: IDLE_TIMEOUT_MS });
      return () => win.cancelIdleCallback(handle);
    }
    const handle = win.setTimeout(callback, IDLE_FALLBACK_MS);
    return () => win.clearTimeout(handle);
  };
}
