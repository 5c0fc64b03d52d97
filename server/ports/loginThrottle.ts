/** One key's attempts in its current window, the attempt just counted included. */
export interface AttemptCount {
  key: string;
  count: number;
  /** When the window (which began with its first attempt) ends and the count starts again from zero. */
  windowEndsAt: Date;
}

/**
 * Counts login attempts per key (an account, an account from one address, an address) in fixed windows.
 * An attempt is counted before the password is checked, in one atomic statement, so concurrent attempts
 * cannot all read a count under the limit; a success gives its attempt back.
 */
export interface LoginThrottle {
  /** Counts one attempt under each (distinct) key and answers every key's count. */
  count(keys: string[], now: Date, windowMs: number): Promise<AttemptCount[]>;
  /** Gives one attempt back under each key (the attempt succeeded, or never reached the hash). */
  refund(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
  /** Forgets windows that began before `before`. */
  prune(before: Date): Promise<void>;
}
