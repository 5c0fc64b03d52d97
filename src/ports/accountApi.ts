import type {
  EmailSettings,
  LoginRequest,
  Passkey,
  RegisterRequest,
  SecondStepNeeded,
  SignedInSession,
  TwoStepSetUp,
  TwoStepStatus,
  UserInfo,
} from '../domain/account/account';

export interface AccountApi {
  /**
   * Opens a session (the browser keeps it in an HttpOnly cookie) and returns the user's id; for an account
   * with two-step sign-in, the challenge its second step answers instead.
   */
  login(request: LoginRequest): Promise<{ id: number } | SecondStepNeeded>;
  /** The second step: a code from the authenticator app or a recovery code; opens the session. */
  loginSecondStep(challenge: string, code: string): Promise<{ id: number }>;
  /** The second step answered by one of the account's passkeys (the browser asks for it); opens the session. */
  loginSecondStepWithPasskey(challenge: string): Promise<{ id: number }>;
  /** Signs in with a passkey alone (both steps): the browser offers this site's passkeys. */
  loginWithPasskey(remember: boolean): Promise<{ id: number }>;
  passkeys(): Promise<Passkey[]>;
  /** Creates a passkey on this device (the browser asks) and registers it under `name`. */
  addPasskey(name: string): Promise<Passkey>;
  renamePasskey(id: number, name: string): Promise<void>;
  /** Removes one, confirmed by the password or by a passkey (the browser asks). */
  removePasskey(id: number, confirmation: { password: string } | { passkey: true }): Promise<void>;
  twoStepStatus(): Promise<TwoStepStatus>;
  /** A fresh secret to scan; it guards nothing until enableTwoStep confirms it with a code. */
  startTwoStep(): Promise<TwoStepSetUp>;
  /** Turns it on; answers the recovery codes (shown once) and how many other sessions ended. */
  enableTwoStep(code: string, endOthers: boolean): Promise<{ recoveryCodes: string[]; endedOthers: number }>;
  disableTwoStep(password: string, code: string): Promise<void>;
  renewRecoveryCodes(password: string, code: string): Promise<string[]>;
  sessions(): Promise<SignedInSession[]>;
  endSession(id: number): Promise<void>;
  /** Answers how many ended. */
  endOtherSessions(): Promise<number>;
  register(request: RegisterRequest): Promise<UserInfo>;
  logout(): Promise<void>;
  /** The session's user, or null when there is none (never a 401). */
  current(): Promise<UserInfo | null>;
  userInfo(id: number): Promise<UserInfo>;
  updateProfile(changes: { nickName?: string; avatar?: string }): Promise<UserInfo>;
  updatePassword(oldPassword: string, newPassword: string): Promise<void>;
  /** The signed-in user's reply-email settings (kept apart from UserInfo: never stored in the browser). */
  emailSettings(): Promise<EmailSettings>;
  /** Changes either or both; an address that is not one is refused with the server's message. */
  updateEmailSettings(changes: Partial<EmailSettings>): Promise<EmailSettings>;
  /**
   * Uploads one image and returns its URL (re-encoded by the server). A file above the server's limit
   * is refused without being sent, with the server's own message.
   */
  uploadImage(file: Blob, fileName: string): Promise<string>;
}
