/** Time-based one-time codes (TOTP, RFC 6238: SHA-1, six digits, 30-second steps) and recovery codes. */
export interface OneTimeCodes {
  /** A fresh random secret, base32 as authenticator apps take it. */
  newSecret(): string;
  /** The `otpauth://` URI a QR code carries for an authenticator app. */
  keyUri(secret: string, account: string, issuer: string): string;
  /**
   * The time step whose code `code` is, within `window` steps either side of `at`; undefined when it
   * matches none. The caller refuses a step it already accepted (a replay).
   */
  matchingStep(secret: string, code: string, at: Date, window: number): number | undefined;
  /** `count` fresh random recovery codes as shown to the person (`xxxxx-xxxxx`). */
  recoveryCodes(count: number): string[];
}
