/**
 * The site's secret key at work: seals what must stay secret in the database (TOTP secrets) and fingerprints
 * what is only ever compared (recovery codes). A database dump without the key gives neither.
 */
export interface SecretBox {
  /** Authenticated encryption of `plain` (a fresh nonce each time), as text for a column. */
  seal(plain: string): string;
  /** The plain text of a sealed value; throws when it was tampered with or sealed under another key. */
  open(sealed: string): string;
  /** A keyed one-way digest of `text` (lower-case hex), the same on every instance sharing the key. */
  fingerprint(text: string): string;
}
