/**
 * Asks the signed-in person for their password again before something that cannot be undone (the server's
 * 403 with REAUTH_REQUIRED_CODE). The HTTP client asks and retries; a dialog answers.
 */
export interface ReauthPrompt {
  /** Resolves true once the password was accepted (the dialog sent it), false when the person gave up. */
  ask(): Promise<boolean>;
  /** The dialog's side: told whether a question is waiting. */
  subscribe(listener: (waiting: boolean) => void): () => void;
  /** The dialog's answer to the waiting question (every caller waiting on it gets it). */
  settle(proved: boolean): void;
}
