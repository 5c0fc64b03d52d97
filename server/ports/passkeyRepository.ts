/** A registered passkey: the public half of a credential an authenticator keeps. */
export interface StoredPasskey {
  id: number;
  userId: number;
  /** base64url */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type NewPasskey = Omit<StoredPasskey, 'id' | 'lastUsedAt'>;

/** What a WebAuthn challenge is for; each kind is bound to something of its own (see `binding`). */
export type ChallengePurpose = 'register' | 'signIn' | 'secondStep' | 'confirm';

export interface StoredChallenge {
  challenge: string;
  userId: number | null;
}

/** Thrown by `add` when the credential is registered already (to any account). */
export class PasskeyTakenError extends Error {
  constructor() {
    super('passkey credential already registered');
  }
}

export interface PasskeyRepository {
  add(passkey: NewPasskey): Promise<StoredPasskey>;
  listForUser(userId: number): Promise<StoredPasskey[]>;
  findByCredentialId(credentialId: string): Promise<StoredPasskey | undefined>;
  countForUser(userId: number): Promise<number>;
  rename(userId: number, id: number, name: string): Promise<boolean>;
  remove(userId: number, id: number): Promise<boolean>;
  removeAllForUser(userId: number): Promise<number>;
  /**
   * Records a use: the new counter and when, only if the counter is still `expected` (two requests carrying
   * the same assertion cannot both pass); false when another use came first.
   */
  recordUse(id: number, expected: number, counter: number, at: Date): Promise<boolean>;

  /** Keeps a challenge for (purpose, binding), replacing an earlier one for the same pair. */
  putChallenge(purpose: ChallengePurpose, binding: string, challenge: StoredChallenge, expiresAt: Date): Promise<void>;
  /** Takes the live challenge of (purpose, binding) away: a challenge answers once. */
  takeChallenge(purpose: ChallengePurpose, binding: string, now: Date): Promise<StoredChallenge | undefined>;
  deleteExpiredChallenges(now: Date): Promise<void>;
}
