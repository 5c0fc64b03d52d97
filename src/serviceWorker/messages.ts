export { OFFLINE_COPY_HEADER } from '../protocol/offline';

/** What the page and the offline worker tell each other. */
export const WORKER_MESSAGES = {
  /** The reader pressed the new-version bar's button: the waiting worker takes over. */
  skipWaiting: 'SKIP_WAITING',
  /** Keep copies of these same-origin addresses (what the page loaded, or the page it navigated to). */
  keep: 'KEEP_COPIES',
} as const;

export type WorkerMessage =
  | { type: typeof WORKER_MESSAGES.skipWaiting }
  | { type: typeof WORKER_MESSAGES.keep; pages: string[]; resources: string[] };
