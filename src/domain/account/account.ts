/** The signed-in user as the client knows it: non-secret facts only (no token, no password). */
export interface UserInfo {
  id: number;
  nickName: string;
  avatar: string;
  /** 1 is the administrator. */
  role: number;
  /** The login name; only the owner is told it. */
  username?: string;
  /**
   * The password is a generated one (the administrator's one-time password, `npm run user`): the owner
   * must set their own before anything else. Only the owner is told.
   */
  mustChangePassword?: boolean;
  /** ADMIN_TWO_STEP=required and this administrator has no second step yet: set it up before anything else. */
  mustSetUpTwoStep?: boolean;
}

/** The password was right; the account asks for its second step with this challenge, answered by a code or a passkey. */
export interface SecondStepNeeded {
  challenge: string;
  methods: { code: boolean; passkey: boolean };
}

/** One of the account's passkeys; times are ISO-8601. */
export interface Passkey {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface TwoStepStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** A secret being set up: as text, the URI a QR code carries, and that QR code as an image URL. */
export interface TwoStepSetUp {
  secret: string;
  uri: string;
  qr: string;
}

/** One place the account is signed in ('' for what the server could not tell). */
export interface SignedInSession {
  id: number;
  browser: string;
  system: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session this browser uses. */
  current: boolean;
}

export const ADMIN_ROLE = 1;

/** Where reply emails go and whether they are wanted (邮件提醒); told only to the account's owner. */
export interface EmailSettings {
  /** '' for none. */
  email: string;
  notify: boolean;
}

export const isAdmin = (user: UserInfo | null): boolean => user?.role === ADMIN_ROLE;

/** The name a greeting or the header shows: the nickname, else the login name. */
export function displayName(user: UserInfo): string {
  return user.nickName.trim() || user.username || '';
}

export interface LoginRequest {
  username: string;
  password: string;
  remember: boolean;
}

export interface RegisterRequest {
  username: string;
  nickName: string;
  password: string;
}

/**
 * A failure the user has already been shown (the shared HTTP client reports some statuses itself):
 * machines keep it as their error but raise no second toast.
 */
export class ReportedError extends Error {
  override readonly name = 'ReportedError';
}
