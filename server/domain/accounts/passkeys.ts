import type { Clock } from '../../ports/clock';
import { PasskeyTakenError, type ChallengePurpose, type PasskeyRepository, type StoredPasskey } from '../../ports/passkeyRepository';
import type { CredentialKey, CredentialResponse, RelyingParty, WebAuthn } from '../../ports/webAuthn';
import { AppError } from '../errors';
import { ACCOUNT_REFUSED } from './accountService';
import type { CurrentUser } from './currentUser';
import { twoStepMessages } from './messages';
import { PASSKEY_POLICY } from './policy';

/** A passkey's answer to a challenge of `purpose` bound to `binding`, for the relying party `rp`. */
export interface PasskeyAssertion {
  rp: RelyingParty;
  binding: string;
  response: CredentialResponse;
}

const keyOf = (passkey: StoredPasskey): CredentialKey => ({
  credentialId: passkey.credentialId,
  publicKey: passkey.publicKey,
  counter: passkey.counter,
  transports: passkey.transports,
});

/**
 * An account's passkeys: registering them, and checking a passkey's answer to a challenge. Every challenge
 * is kept in the database for the purpose and the thing it is bound to (a session, a sign-in cookie, a
 * password-checked sign-in), answers once and expires; the accounts decide what a passing check is worth.
 */
export class Passkeys {
  constructor(private readonly deps: { repo: PasskeyRepository; webAuthn: WebAuthn; clock: Clock }) {}

  list(userId: number): Promise<StoredPasskey[]> {
    return this.deps.repo.listForUser(userId);
  }

  async any(userId: number): Promise<boolean> {
    return (await this.deps.repo.countForUser(userId)) > 0;
  }

  /** The browser's options for a new passkey of `user`; the challenge is bound to the asking session. */
  async registrationOptions(user: CurrentUser, binding: string, rp: RelyingParty): Promise<unknown> {
    const existing = await this.deps.repo.listForUser(user.id);
    if (existing.length >= PASSKEY_POLICY.perAccount) {
      throw new AppError('conflict', twoStepMessages.passkeyLimit(PASSKEY_POLICY.perAccount));
    }
    const { challenge, options } = await this.deps.webAuthn.registrationOptions({
      rp,
      user: { id: user.id, name: user.username, displayName: user.nickName },
      exclude: existing.map(keyOf),
    });
    await this.keep('register', binding, challenge, user.id);
    return options;
  }

  async register(user: CurrentUser, name: string, answer: PasskeyAssertion): Promise<StoredPasskey> {
    const trimmed = name.trim();
    if (trimmed === '' || Array.from(trimmed).length > PASSKEY_POLICY.nameMax) throw new AppError('invalid', twoStepMessages.passkeyName);
    const now = this.deps.clock.now();
    const stored = await this.deps.repo.takeChallenge('register', answer.binding, now);
    if (!stored || stored.userId !== user.id) throw new AppError('conflict', twoStepMessages.passkeyExpired);
    const key = await this.deps.webAuthn.verifyRegistration({ rp: answer.rp, response: answer.response, challenge: stored.challenge });
    if (!key) throw new AppError('refused', twoStepMessages.passkeyNotAdded, ACCOUNT_REFUSED);
    try {
      return await this.deps.repo.add({ userId: user.id, ...key, name: trimmed, createdAt: now });
    } catch (error) {
      if (error instanceof PasskeyTakenError) throw new AppError('conflict', twoStepMessages.passkeyTaken);
      throw error;
    }
  }

  async rename(userId: number, id: number, name: string): Promise<void> {
    const trimmed = name.trim();
    if (trimmed === '' || Array.from(trimmed).length > PASSKEY_POLICY.nameMax) throw new AppError('invalid', twoStepMessages.passkeyName);
    if (!(await this.deps.repo.rename(userId, id, trimmed))) throw new AppError('notFound', twoStepMessages.passkeyNotFound);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.deps.repo.remove(userId, id))) throw new AppError('notFound', twoStepMessages.passkeyNotFound);
  }

  removeAll(userId: number): Promise<number> {
    return this.deps.repo.removeAllForUser(userId);
  }

  async exists(userId: number, id: number): Promise<boolean> {
    return (await this.deps.repo.listForUser(userId)).some((passkey) => passkey.id === id);
  }

  /**
   * The browser's options to answer with a passkey: any of this site's (a discoverable credential) when no
   * user is named, else one of that user's.
   */
  async assertionOptions(purpose: ChallengePurpose, binding: string, rp: RelyingParty, userId?: number): Promise<unknown> {
    const allow = userId === undefined ? [] : (await this.deps.repo.listForUser(userId)).map(keyOf);
    const { challenge, options } = await this.deps.webAuthn.authenticationOptions({ rp, allow });
    await this.keep(purpose, binding, challenge, userId ?? null);
    return options;
  }

  /**
   * The passkey that answered the challenge of `purpose` (of `userId`'s when named), its use recorded; undefined
   * when the challenge is unknown, expired or already answered, the passkey unknown or another account's, or
   * the signature, user verification, origin or counter does not hold.
   */
  async verify(purpose: ChallengePurpose, answer: PasskeyAssertion, userId?: number): Promise<StoredPasskey | undefined> {
    const now = this.deps.clock.now();
    const stored = await this.deps.repo.takeChallenge(purpose, answer.binding, now);
    if (!stored || stored.userId !== (userId ?? null)) return undefined;
    const credentialId = this.deps.webAuthn.credentialIdOf(answer.response);
    const passkey = credentialId === undefined ? undefined : await this.deps.repo.findByCredentialId(credentialId);
    if (!passkey || (userId !== undefined && passkey.userId !== userId)) return undefined;
    const counter = await this.deps.webAuthn.verifyAuthentication({
      rp: answer.rp,
      response: answer.response,
      challenge: stored.challenge,
      credential: keyOf(passkey),
    });
    if (counter === undefined) return undefined;
    return (await this.deps.repo.recordUse(passkey.id, passkey.counter, counter, now)) ? passkey : undefined;
  }

  private async keep(purpose: ChallengePurpose, binding: string, challenge: string, userId: number | null): Promise<void> {
    const now = this.deps.clock.now();
    // Housekeeping rides on new challenges, as the sessions' does on logins.
    await this.deps.repo.deleteExpiredChallenges(now);
    await this.deps.repo.putChallenge(purpose, binding, { challenge, userId }, new Date(now.getTime() + PASSKEY_POLICY.challengeMs));
  }
}
