import { useEffect } from 'react';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';

/**
 * What a reader is likely to open next, most likely first. Each part's chunk is fetched when the browser
 * is idle after the page has loaded, one at a time, so its first open needs no download. The HTTP
 * transport comes first: every next page and every button that saves needs it. `page` is what a page
 * shows only on a click (the photo viewer, a delete confirmation). The player's and the chat room's views
 * come before the code that runs them, whichever registers first (the views' modules load with the
 * deferred shell, after the layout has registered the code).
 */
export const IDLE_PREFETCH_ORDER = [
  'transport',
  'search',
  'login',
  'notifications',
  'article',
  'page',
  'player',
  'playerRuntime',
  'chat',
  'chatRoom',
] as const;
export type IdlePart = (typeof IDLE_PREFETCH_ORDER)[number];

/** A fetch of code only: it starts nothing and resolves (never rejects) once the chunk is in or has failed. */
export type Prefetch = () => Promise<unknown>;

const registered = new Map<IdlePart, Map<unknown, Prefetch>>();

/**
 * Queues a chunk for the idle prefetch; parts registered under the same name run in registration order.
 * `key` identifies the chunk (the prefetch itself by default): registering it again replaces it.
 */
export function prefetchWhenIdle(part: IdlePart, prefetch: Prefetch, key: unknown = prefetch): void {
  const entries = registered.get(part) ?? new Map<unknown, Prefetch>();
  entries.set(key, prefetch);
  registered.set(part, entries);
}

/** The registered prefetches in the order of IDLE_PREFETCH_ORDER. */
export function idlePrefetches(): Prefetch[] {
  return IDLE_PREFETCH_ORDER.flatMap((part) => [...(registered.get(part)?.values() ?? [])]);
}

/** The subset of the Network Information API this reads (Chromium only; elsewhere it is absent). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** No prefetch when the reader asked to save data or the connection is 2G: first use will fetch instead. */
export function shouldPrefetch(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

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

/** Set on the root element once the idle prefetch has run (`done`) or was skipped (`skipped`); tests wait on it. */
export const IDLE_PREFETCH_ATTRIBUTE = 'data-idle-prefetch';

let finished = false;

/**
 * Mounted once in the layout: after the load event, once the page has settled (see `afterSettling`) and
 * when the browser is idle, fetches the parts
 * registered with `prefetchWhenIdle` (search, login, message drawer…) and the player's and the chat
 * room's code through their loaders, most likely first. Only ever from an effect, never during render.
 */
export function useIdlePrefetch(): void {
  const player = useService(TOKENS.playerLoader);
  const chat = useService(TOKENS.chatLoader);
  useEffect(() => {
    if (finished) return;
    const root = document.documentElement;
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    if (!shouldPrefetch(connection)) {
      root.setAttribute(IDLE_PREFETCH_ATTRIBUTE, 'skipped');
      return;
    }
    prefetchWhenIdle('playerRuntime', () => player.preload(), player);
    prefetchWhenIdle('chatRoom', () => chat.preload(), chat);
    let cancelRun: () => void = () => undefined;
    const start = () => {
      cancelRun = afterSettling(browserSettleEnvironment(window), () => {
        cancelRun = runWhenIdle(idlePrefetches(), browserIdleScheduler(window), () => {
          finished = true;
          root.setAttribute(IDLE_PREFETCH_ATTRIBUTE, 'done');
        });
      });
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      cancelRun();
    };
  }, [player, chat]);
}
