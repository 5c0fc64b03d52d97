/** A 「不是我」 link's alert, found by the link's hash. */
export interface SignInAlert {
  id: number;
  userId: number;
  /** The session the new sign-in opened. */
  sessionId: number;
}

/** The browsers each account has used, and the alerts about sign-ins from new ones. */
export interface SignInAlertRepository {
  /**
   * Notes that the account signed in from this device: 'known' when it had before, 'first' when the
   * account had no device yet (nothing to compare with), 'new' when it had others but not this one.
   */
  rememberDevice(userId: number, deviceHash: string, now: Date): Promise<'known' | 'first' | 'new'>;
  createAlert(alert: { userId: number; sessionId: number; tokenHash: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /**
   * Uses a link, atomically: the alert when it is unused and unexpired at `now` (and now used, holding the
   * grant `resetHash` until `resetExpiresAt`), else undefined.
   */
  useAlert(tokenHash: string, now: Date, grant: { resetHash: string; resetExpiresAt: Date }): Promise<SignInAlert | undefined>;
  /** Spends a grant to set a new password, atomically: the account's id when it was live at `now`, else undefined. */
  takeGrant(resetHash: string, now: Date): Promise<number | undefined>;
  /** Drops alerts whose link and grant have both expired. */
  deleteExpired(now: Date): Promise<void>;
}
