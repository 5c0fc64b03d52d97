/** Session and throttle limits; the numbers are the product's, in one place. */
export const SESSION_POLICY = {
  /** "记住我": a fixed lifetime matching the cookie's Max-Age. */
  rememberMs: 30 * 24 * 60 * 60 * 1000,
  /** Without "记住我" the cookie dies with the browser; the server ends the session after a day idle. */
  idleMs: 24 * 60 * 60 * 1000,
  /** A rolling session is refreshed at most this often, so a busy reader does not write on every request. */
  refreshEveryMs: 10 * 60 * 1000,
  /** No session, rolling or not, outlives this. */
  absoluteMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const THROTTLE_POLICY = {
  windowMs: 15 * 60 * 1000,
  /**
   * Failures for one account from one client address before that address is refused for it: an attacker
   * at one address locks only that address out, never the owner at another.
   */
  perAccountAddress: 5,
  /** Failures per client address across accounts: higher, since a school or office shares one address. */
  perAddress: 20,
  /**
   * Failures for one account from all addresses after which its logins are slowed, never refused: one at
   * a time, each after a pause growing by `slowStepMs` per failure up to `slowMaxMs`.
   */
  accountSlowAfter: 10,
  slowStepMs: 250,
  slowMaxMs: 5_000,
  /** Slowed logins of one account waiting their turn on this instance; past it the login is asked to retry. */
  accountQueue: 16,
  /**
   * Wrong second-step codes for one account from all addresses before its second step is refused for the
   * window: whoever has the password cannot try the million codes from many addresses.
   */
  secondStepPerAccount: 10,
} as const;

/** Two-step sign-in (TOTP, RFC 6238). */
export const TWO_STEP_POLICY = {
  /** Codes of one step before or after the current one are accepted too (clocks drift, people type slowly). */
  window: 1,
  /** How long a sign-in with the right password waits for its second step. */
  challengeMs: 5 * 60 * 1000,
  recoveryCodes: 10,
  /** The name authenticator apps show above the account. */
  issuer: '听雨小筑',
} as const;

/** Password hashing (scrypt: 128 MiB and a libuv thread each) is bounded so the rest of the site keeps answering. */
export const HASHING_POLICY = {
  /** Hashes at a time on this instance (main.ts sizes it to the machine). */
  concurrency: 1,
  /** Hashes waiting for a slot; past it the request answers 429 at once. */
  queue: 8,
} as const;

export const REGISTRATION_POLICY = {
  windowMs: 60 * 60 * 1000,
  /** Attempts per client address in the window (REGISTER_LIMIT_PER_HOUR overrides it). */
  perAddress: 10,
} as const;

export const ROLES = { admin: 1, member: 2 } as const;

/** A sign-in from a browser the account never used, and what cannot be undone. */
export const SIGN_IN_POLICY = {
  /** The device cookie's lifetime (400 days: the most browsers keep a cookie). */
  deviceCookieMs: 400 * 24 * 60 * 60 * 1000,
  /** How long a 「不是我」 link works (once). */
  notMeLinkMs: 7 * 24 * 60 * 60 * 1000,
  /** How long the link's grant to set a new password lasts once the link is used. */
  resetGrantMs: 30 * 60 * 1000,
  /** Backups, exports, emptying the bin, roles, the second step off, the email: a password proved this recently. */
  reauthAfterMs: 10 * 60 * 1000,
} as const;

export const PASSKEY_POLICY = {
  /** How long a WebAuthn challenge waits for the browser's answer. */
  challengeMs: 5 * 60 * 1000,
  perAccount: 20,
  nameMax: 30,
} as const;
