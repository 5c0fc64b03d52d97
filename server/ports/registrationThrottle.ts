/** Counts registration attempts per client address in a sliding window. */
export interface RegistrationThrottle {
  recordAttempt(address: string, at: Date): Promise<void>;
  /** Attempts from the address since `since`, with the oldest of them (the first to leave the window). */
  attemptsSince(address: string, since: Date): Promise<{ count: number; oldest: Date | undefined }>;
  prune(before: Date): Promise<void>;
}
