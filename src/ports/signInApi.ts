/** The password again for what cannot be undone, and the 「不是我」 link's calls (src/protocol/signIn.ts). */
export interface SignInApi {
  /** Proves the password again; a wrong one rejects with the server's message. */
  reauthenticate(password: string): Promise<void>;
  /** Resolves when the session's proof is fresh, asking the password first if it is not (before a download). */
  confirmFreshProof(): Promise<void>;
  /** Ends the sign-in the link names; answers the one-time grant to set a new password. */
  notMe(token: string): Promise<{ resetToken: string }>;
  /** Sets the new password under that grant; every session of the account ends. */
  setPasswordAfterNotMe(resetToken: string, password: string): Promise<void>;
}
