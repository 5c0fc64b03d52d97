/** Counts failed logins per key (an account or a client address) in a sliding window. */
export interface LoginThrottle {
  recordFailure(keys: string[], at: Date): Promise<void>;
  /** Failures per key since `since`, with the oldest of them (which ends the lock first). */
  failuresSince(keys: string[], since: Date): Promise<Array<{ key: string; count: number; oldest: Date }>>;
  clear(key: string): Promise<void>;
  prune(before: Date): Promise<void>;
}
