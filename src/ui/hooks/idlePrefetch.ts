import { useEffect } from 'react';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';
import type { Prefetch } from './idleCallback';

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

/** Set on the root element once the idle prefetch has run (`done`) or was skipped (`skipped`); tests wait on it. */
export const IDLE_PREFETCH_ATTRIBUTE = 'data-idle-prefetch';

let finished = false;

/**
 * Mounted once in the layout: after the load event, once the page has settled (see `afterSettling` in
 * idleSchedule.ts) and when the browser is idle, fetches the parts registered with `prefetchWhenIdle`
 * (search, login, message drawer…) and the player's and the chat room's code through their loaders, most
 * likely first. Only ever from an effect, never during render.
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
    let cancelled = false;
    let cancelRun: () => void = () => undefined;
    const start = () => {
      // Its scheduling code is fetched only now, after the load event; should that fetch fail, each part
      // is fetched on its first use instead.
      import('./idleSchedule')
        .then(({ startIdlePrefetch }) => {
          if (cancelled) return;
          cancelRun = startIdlePrefetch(window, idlePrefetches, () => {
            finished = true;
            root.setAttribute(IDLE_PREFETCH_ATTRIBUTE, 'done');
          });
        })
        .catch(() => undefined);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', start);
      cancelRun();
    };
  }, [player, chat]);
}
