export interface SessionTokens {
  /** A fresh opaque token (at least 128 random bits) for the client. */
  generate(): string;
  /** The one-way digest stored on the server and used for lookups. */
  digest(token: string): string;
  /** A random initial password for accounts created by the server (administrator, CLI). */
  generatePassword(): string;
}
