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
  /** Failures per account name in the window before logins for it are refused. */
  perAccount: 5,
  /** Failures per client address: higher, since a school or office shares one address. */
  perAddress: 20,
} as const;

export const REGISTRATION_POLICY = {
  windowMs: 60 * 60 * 1000,
  /** Attempts per client address in the window (REGISTER_LIMIT_PER_HOUR overrides it). */
  perAddress: 10,
} as const;

export const ROLES = { admin: 1, member: 2 } as const;
