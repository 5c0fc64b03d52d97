export interface PasswordHasher {
  /** A self-describing hash (algorithm, cost, salt, key) of the password. */
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false for a malformed stored hash. */
  verify(password: string, stored: string): Promise<boolean>;
}
