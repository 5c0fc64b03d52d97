import { browserIdleScheduler, type IdleScheduler, type Prefetch } from './idleCallback';

/*
 * The idle prefetch's scheduling: fetched by `useIdlePrefetch` once the page has loaded, since nothing
 * runs it before, so it stays out of every page's first load.
 */

/** The page has settled once this long has passed after the load event without a long task (> 50 ms). */
export const SETTLE_MS = 1500;
/** A page that never settles (a busy animation) gets its prefetch after this long all the same. */
export const SETTLE_LIMIT_MS = 10_000;

/** What `afterSettling` needs of the browser: timers, and the long tasks' observer where there is one. */
export interface SettleEnvironment {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  /** Calls back on each long task; returns the stop. Missing where the browser reports none (Safari). */
  observeLongTasks?(callback: () => void): () => void;
}

/**
 * Calls `callback` once the main thread has had no long task for SETTLE_MS (or after SETTLE_LIMIT_MS), so
 * the prefetch's own work (each chunk it fetches is also evaluated) stays out of the page's start-up: on a
 * slow phone, hydration and the parts hydrated after it run well past the load event. Returns the cancel.
 */
export function afterSettling(env: SettleEnvironment, callback: () => void): () => void {
  let quiet = 0;
  let stopObserving: () => void = () => undefined;
  const finish = () => {
    env.clearTimeout(quiet);
    env.clearTimeout(limit);
    stopObserving();
    callback();
  };
  const limit = env.setTimeout(finish, SETTLE_LIMIT_MS);
  quiet = env.setTimeout(finish, SETTLE_MS);
  stopObserving =
    env.observeLongTasks?.(() => {
      env.clearTimeout(quiet);
      quiet = env.setTimeout(finish, SETTLE_MS);
    }) ?? stopObserving;
  return () => {
    env.clearTimeout(quiet);
    env.clearTimeout(limit);
    stopObserving();
  };
}

function browserSettleEnvironment(win: Window & typeof globalThis): SettleEnvironment {
  const observesLongTasks = win.PerformanceObserver?.supportedEntryTypes?.includes('longtask') ?? false;
  return {
    setTimeout: (callback, ms) => win.setTimeout(callback, ms),
    clearTimeout: (handle) => win.clearTimeout(handle),
    observeLongTasks: observesLongTasks
      ? (callback) => {
          const observer = new win.PerformanceObserver(callback);
          observer.observe({ type: 'longtask' });
          return () => observer.disconnect();
        }
      : undefined,
  };
}

/**
 * Runs the prefetches one after another, each in an idle period of its own, and calls `onDone` after the
 * last. Returns the cancel: nothing further starts after it (a fetch under way finishes on its own).
 */
export function runWhenIdle(prefetches: readonly Prefetch[], idle: IdleScheduler, onDone: () => void): () => void {
  let cancelled = false;
  let cancelIdle: () => void = () => undefined;
  const step = (index: number) => {
    if (cancelled) return;
    if (index >= prefetches.length) {
      onDone();
      return;
    }
    cancelIdle = idle(() => {
      if (cancelled) return;
      void prefetches[index]!()
        .catch(() => undefined)
        .then(() => step(index + 1));
    });
  };
  step(0);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

/**
 * Once the page has settled, runs the prefetches registered by then (`prefetches` is asked only at that
 * point: parts register as their modules load) one per idle period, then `onDone`. Returns the cancel.
 */
export function startIdlePrefetch(win: Window & typeof globalThis, prefetches: () => Prefetch[], onDone: () => void): () => void {
  let cancelRun = afterSettling(browserSettleEnvironment(win), () => {
    cancelRun = runWhenIdle(prefetches(), browserIdleScheduler(win), onDone);
  });
  return () => cancelRun();
}
