/** An account's authenticator, its secret still sealed (see SecretBox). */
export interface StoredTwoStep {
  sealedSecret: string;
  /** False while being set up: the secret was shown but no code confirmed it yet. */
  enabled: boolean;
  /** The latest time step accepted. */
  lastStep: number;
}

/** A sign-in whose password was right, waiting for its second step. */
export interface LoginChallenge {
  userId: number;
  persistent: boolean;
  expiresAt: Date;
}

export interface TwoStepRepository {
  find(userId: number): Promise<StoredTwoStep | undefined>;
  /** Keeps a new secret being set up, replacing an unconfirmed one; false when two-step sign-in is already on. */
  startSetUp(userId: number, sealedSecret: string, now: Date): Promise<boolean>;
  /** Turns the one being set up on at `step`, with these recovery code fingerprints; false when none was being set up. */
  enable(userId: number, step: number, codeHashes: string[]): Promise<boolean>;
  /**
   * Accepts a code's time step, atomically: true only when two-step sign-in is on and `step` is later
   * than every step accepted before (so a code, even two requests at once, counts once).
   */
  acceptStep(userId: number, step: number): Promise<boolean>;
  /** Spends a recovery code, atomically: true when it existed (and is now gone). */
  useRecoveryCode(userId: number, codeHash: string): Promise<boolean>;
  replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void>;
  recoveryCodesLeft(userId: number): Promise<number>;
  /** Turns it off: the secret and every recovery code go. */
  remove(userId: number): Promise<void>;

  createChallenge(tokenHash: string, challenge: LoginChallenge): Promise<void>;
  /** The live challenge of a token hash; undefined when unknown or expired at `now`. */
  findChallenge(tokenHash: string, now: Date): Promise<LoginChallenge | undefined>;
  /** Ends a challenge; true when this call ended it (so it opens one session only). */
  takeChallenge(tokenHash: string): Promise<boolean>;
  deleteExpiredChallenges(now: Date): Promise<void>;
}
