import type { Clock } from '../../ports/clock';
import type { LoginThrottle } from '../../ports/loginThrottle';
import type { RelyingParty } from '../../ports/webAuthn';
import type { OneTimeCodes } from '../../ports/oneTimeCodes';
import type { PasswordHasher } from '../../ports/passwordHasher';
import type { RegistrationThrottle } from '../../ports/registrationThrottle';
import type { SecretBox } from '../../ports/secretBox';
import type { SessionRepository, SessionSummary } from '../../ports/sessionRepository';
import type { SessionTokens } from '../../ports/sessionTokens';
import type { StoredTwoStep, TwoStepRepository } from '../../ports/twoStepRepository';
import { UsernameTakenError, type UserRepository } from '../../ports/userRepository';
import {
  LOGIN_INPUT_MAX,
  checkLoginPassword,
  checkLoginUsername,
  checkNewPassword,
  checkNickname,
  checkPasswordFormat,
  checkProfileNickname,
  checkRegisterUsername,
  type ValidationKey,
} from '../../../src/domain/account/validation';
import { AppError } from '../errors';
import { ADMIN_ROLE, type CurrentUser } from './currentUser';
import { accountMessages, twoStepMessages, validationMessage } from './messages';
import { ConcurrencyGate } from './concurrencyGate';
import type { PasskeyAssertion, Passkeys } from './passkeys';
import { HASHING_POLICY, REGISTRATION_POLICY, ROLES, SESSION_POLICY, SIGN_IN_POLICY, THROTTLE_POLICY, TWO_STEP_POLICY } from './policy';
import * as zhCN from '../../../src/i18n/zh-CN';

export interface AccountDeps {
  users: UserRepository;
  sessions: SessionRepository;
  hasher: PasswordHasher;
  tokens: SessionTokens;
  throttle: LoginThrottle;
  registrations: RegistrationThrottle;
  /** Registration attempts allowed per client address and hour; REGISTRATION_POLICY's when unset. */
  registrationsPerHour?: number;
  clock: Clock;
  /** Authenticator secrets, recovery codes and sign-ins waiting for their second step. */
  twoStep: TwoStepRepository;
  /** Seals the authenticator secrets and fingerprints the recovery codes under the site's key. */
  secrets: SecretBox;
  codes: OneTimeCodes;
  /** The account's passkeys (WebAuthn); none: passkeys are neither offered nor accepted. */
  passkeys?: Passkeys;
  /** ADMIN_TWO_STEP: 'required' holds an administrator without a second step to setting one up. */
  adminTwoStep?: 'required' | 'optional';
  /** The name authenticator apps show (TWO_STEP_POLICY.issuer when unset). */
  issuer?: string;
  /** Password hashes at a time and waiting (HASHING_POLICY's when unset). */
  hashing?: { concurrency: number; queue: number };
  /** Waits before a slowed login (a timer by default; tests pass a fake). */
  pause?: (ms: number) => Promise<void>;
}

export interface IssuedSession {
  token: string;
  user: CurrentUser;
  persistent: boolean;
  expiresAt: Date;
}

/** Which second steps an account can give: a code (authenticator app or recovery code), a passkey. */
export interface SecondStepMethods {
  code: boolean;
  passkey: boolean;
}

/** A login: signed in, or the password was right and the second step is asked with `challenge`. */
export type LoginOutcome =
  | ({ secondStep: false } & IssuedSession)
  | { secondStep: true; challenge: string; expiresAt: Date; methods: SecondStepMethods };

/** What proves the second step: a code or recovery code, or a passkey's answer. */
export type SecondStepProof = { code: string } | { passkey: Omit<PasskeyAssertion, 'binding'> };

/** What confirms a change that cannot be undone lightly: the password, or a passkey's answer. */
export type Reconfirmation = { password: string } | { passkey: PasskeyAssertion };

/** Where a sign-in comes from, kept with its session for the owner's list. */
export interface ClientFacts {
  address: string;
  userAgent?: string | undefined;
  /** The browser's device cookie (a random id); absent for a client that keeps none. */
  device?: string | undefined;
}

/** A session just opened, told to whoever listens (the new-sign-in notices). */
export interface SignedIn {
  user: CurrentUser;
  sessionId: number;
  client: ClientFacts;
}

/** A live session of the account; `current` is the one asking. */
export interface AccountSession extends Omit<SessionSummary, 'tokenHash'> {
  current: boolean;
}

/** Who a session token belongs to. */
export interface ResolvedSession {
  user: CurrentUser;
  sessionId: number;
  /** The session proved its password within SIGN_IN_POLICY.reauthAfterMs: what cannot be undone may go ahead. */
  proofFresh: boolean;
}

/** Envelope code of a login, register or password refusal the dialog shows as an error toast. */
export const ACCOUNT_REFUSED = 1;

/** Only our own uploads may be avatars: they are same-origin (CSP) and already re-encoded. */
const AVATAR_PATH = /^\/media\/[A-Za-z0-9._-]{1,100}$/;

function rejectIf(key: ValidationKey | null): void {
  if (key) throw new AppError('invalid', validationMessage(key));
}

export class AccountService {
  /** Verified against when the account does not exist, so a miss costs as long as a wrong password. */
  private dummyHash: Promise<string> | undefined;
  /** Every hash and verification passes here: a flood of logins cannot take every thread and all memory. */
  private readonly hashing: ConcurrencyGate;
  /** Per attacked account, its logins one at a time (see THROTTLE_POLICY.accountSlowAfter). */
  private readonly slowLines = new Map<string, ConcurrencyGate>();
  private readonly pause: (ms: number) => Promise<void>;
  /** Told the ids of sessions this service ended, so their chat sockets close on every instance. */
  private sessionsEnded: (userId: number, sessionIds: number[]) => Promise<void> = async () => {};
  /** Told of every session opened (the new-sign-in notices). */
  private signedIn: (signIn: SignedIn) => Promise<void> = async () => {};

  constructor(private readonly deps: AccountDeps) {
    const { concurrency, queue } = deps.hashing ?? HASHING_POLICY;
    this.hashing = new ConcurrencyGate(concurrency, queue, () => new AppError('rateLimited', accountMessages.loginBusy));
    this.pause = deps.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** The site's name as authenticator apps and passkey prompts show it. */
  get siteName(): string {
    return this.deps.issuer ?? TWO_STEP_POLICY.issuer;
  }

  /** True while a login would be refused for want of a hashing slot: the route sheds it before reading its body. */
  get loginsBusy(): boolean {
    return this.hashing.full;
  }

  /** Hashes and verifications running and waiting now (for the benchmark and tests). */
  get hashingLoad(): { running: number; waiting: number } {
    return this.hashing.load;
  }

  async register(input: { username: string; password: string; nickName: string; address: string }): Promise<CurrentUser> {
    rejectIf(checkRegisterUsername(input.username));
    rejectIf(checkPasswordFormat(input.password));
    rejectIf(checkNickname(input.nickName));
    // Counted before hashing: every valid attempt costs a full hash, and taken names reveal accounts.
    await this.refuseTooManyRegistrations(input.address);
    await this.refuseTakenOrLookAlike(input.username);
    const passwordHash = await this.hash(input.password);
    try {
      return await this.deps.users.create({
        username: input.username,
        nickName: input.nickName.trim() || input.username,
        passwordHash,
        avatar: '',
        role: ROLES.member,
      });
    } catch (error) {
      if (error instanceof UsernameTakenError) throw new AppError('refused', accountMessages.usernameTaken, ACCOUNT_REFUSED);
      throw error;
    }
  }

  /** Called with the ids of every session this service ends (one listener: the chat room's). */
  whenSessionsEnd(listener: (userId: number, sessionIds: number[]) => Promise<void>): void {
    this.sessionsEnded = listener;
  }

  /** Called with every session opened, before the sign-in answers (one listener: the new-sign-in notices). */
  whenSignedIn(listener: (signIn: SignedIn) => Promise<void>): void {
    this.signedIn = listener;
  }

  async login(input: { username: string; password: string; remember: boolean } & ClientFacts): Promise<LoginOutcome> {
    rejectIf(checkLoginUsername(input.username));
    rejectIf(checkLoginPassword(input.password));
    const now = this.deps.clock.now();
    // Registered names hold no whitespace, so a pasted name with stray spaces still finds its account.
    const username = input.username.trim();
    // A flood is shed before it costs even a database write.
    if (this.hashing.full) throw new AppError('rateLimited', accountMessages.loginBusy);
    const keys = throttleKeys(username, input.address);
    const attempts = await this.countAttempt(keys, now);

    const tooLong = input.password.length > LOGIN_INPUT_MAX || username.length > LOGIN_INPUT_MAX;
    // An unknown account costs one verification too, through the same gate: a miss takes as long as a wrong password.
    const stored = await this.checking(keys, attempts, async () => {
      const found = tooLong ? undefined : await this.deps.users.findByUsername(username);
      const matches = found
        ? await this.verify(input.password, found.passwordHash)
        : await this.verify(input.password, await this.dummy()).then(() => false);
      return matches ? found : undefined;
    });
    if (!stored) throw new AppError('refused', accountMessages.wrongCredentials, ACCOUNT_REFUSED);
    await this.succeeded(keys);
    // Said only to whoever knows the password: a disabled account is not revealed to a guesser.
    if (stored.disabled) throw new AppError('refused', accountMessages.accountDisabled, ACCOUNT_REFUSED);
    const { passwordHash: _hash, disabled: _disabled, ...user } = stored;
    const methods = await this.secondStepMethods(user.id);
    if (methods.code || methods.passkey) return this.challenge(user, input.remember, now, methods);
    return { secondStep: false, ...(await this.signIn(user, input.remember, now, input)) };
  }

  /**
   * The second step of a login whose password was right: a code from the authenticator app, a recovery
   * code or a passkey, throttled like passwords. The challenge opens one session at most.
   */
  async completeLogin(input: { challenge: string } & SecondStepProof & ClientFacts): Promise<IssuedSession> {
    const now = this.deps.clock.now();
    const { pending, user, challengeHash } = await this.pendingLogin(input.challenge, now);
    await this.requireSecondStep(user, this.boundProof(input, challengeHash), input.address, now);
    if (!(await this.deps.twoStep.takeChallenge(challengeHash))) {
      throw new AppError('refused', twoStepMessages.challengeExpired, ACCOUNT_REFUSED);
    }
    return this.signIn(user, pending.persistent, now, input);
  }

  /** The browser's options for answering a password-checked sign-in's second step with one of the account's passkeys. */
  async secondStepPasskeyOptions(challenge: string, rp: RelyingParty): Promise<unknown> {
    const { user, challengeHash } = await this.pendingLogin(challenge, this.deps.clock.now());
    if (!this.deps.passkeys || !(await this.deps.passkeys.any(user.id))) throw new AppError('conflict', twoStepMessages.passkeyNotFound);
    return this.deps.passkeys.assertionOptions('secondStep', challengeHash, rp, user.id);
  }

  /** The browser's options for signing in with a passkey alone; the challenge is bound to `binding` (a cookie's digest). */
  async passkeySignInOptions(binding: string, rp: RelyingParty): Promise<unknown> {
    return this.requirePasskeys().assertionOptions('signIn', binding, rp);
  }

  /**
   * A sign-in with a passkey alone: the authenticator verified its user (fingerprint, face, PIN) and holds
   * the key, so it counts as both steps. Failures count against the address like wrong passwords.
   */
  async loginWithPasskey(input: { answer: PasskeyAssertion; remember: boolean } & ClientFacts): Promise<IssuedSession> {
    const passkeys = this.requirePasskeys();
    const now = this.deps.clock.now();
    const keys = passkeyThrottleKeys(input.address);
    const attempts = await this.countAttempt(keys, now);
    const passkey = await this.checking(keys, attempts, () => passkeys.verify('signIn', input.answer));
    const found = passkey && (await this.deps.users.findById(passkey.userId));
    const stored = found && (await this.deps.users.findByUsername(found.username));
    if (!stored) throw new AppError('refused', twoStepMessages.passkeyFailed, ACCOUNT_REFUSED);
    await this.succeeded(keys);
    if (stored.disabled) throw new AppError('refused', accountMessages.accountDisabled, ACCOUNT_REFUSED);
    const { passwordHash: _hash, disabled: _disabled, ...user } = stored;
    return this.signIn(user, input.remember, now, input);
  }

  /** The user behind a token, refreshing a rolling session; undefined for unknown, revoked or expired tokens. */
  async authenticate(token: string): Promise<CurrentUser | undefined> {
    return (await this.resolveSession(token))?.user;
  }

  /** The user and session behind a token, refreshing a rolling session and when it was last seen. */
  async resolveSession(token: string): Promise<ResolvedSession | undefined> {
    if (token === '' || token.length > 200) return undefined;
    const now = this.deps.clock.now();
    const found = await this.deps.sessions.findActive(this.deps.tokens.digest(token), now);
    if (!found) return undefined;
    const { session, twoStepEnabled } = found;
    // The printed password first, then the second step: one demand at a time.
    const mustSetUpTwoStep =
      this.deps.adminTwoStep === 'required' && found.user.role === ADMIN_ROLE && !twoStepEnabled && !found.user.mustChangePassword;
    const user: CurrentUser = mustSetUpTwoStep ? { ...found.user, mustSetUpTwoStep } : found.user;
    // Written at most every refreshEveryMs, like the rolling expiry: a busy reader does not write on every request.
    if (!session.lastSeenAt || now.getTime() - session.lastSeenAt.getTime() >= SESSION_POLICY.refreshEveryMs) {
      await this.deps.sessions.markSeen(session.id, now);
    }
    if (!session.persistent) {
      const remaining = session.expiresAt.getTime() - now.getTime();
      if (remaining < SESSION_POLICY.idleMs - SESSION_POLICY.refreshEveryMs) {
        const cap = session.createdAt.getTime() + SESSION_POLICY.absoluteMs;
        const next = Math.min(now.getTime() + SESSION_POLICY.idleMs, cap);
        if (next > session.expiresAt.getTime()) await this.deps.sessions.extend(session.id, new Date(next));
      }
    }
    const proofFresh = now.getTime() - session.provedAt.getTime() <= SIGN_IN_POLICY.reauthAfterMs;
    return { user, sessionId: session.id, proofFresh };
  }

  /** The password again, for what cannot be undone: the session counts as proved from now. */
  async reauthenticate(user: CurrentUser, sessionId: number, password: string, address: string): Promise<void> {
    if (password === '') throw new AppError('invalid', zhCN.signIn.server.passwordRequired);
    await this.requirePassword(user, password, address, zhCN.signIn.server.wrongPassword);
    await this.deps.sessions.markProved(sessionId, this.deps.clock.now());
  }

  /**
   * 「不是我」's new password, set without the old one (the link's grant is the proof): every session of the
   * account ends, since whoever signed in may hold more than the one the link named.
   */
  async replacePassword(userId: number, newPassword: string): Promise<void> {
    rejectIf(checkPasswordFormat(newPassword));
    await this.deps.users.updatePasswordHash(userId, await this.hash(newPassword), false);
    await this.endAllSessions(userId);
  }

  async logout(token: string): Promise<void> {
    if (token !== '') await this.deps.sessions.revoke(this.deps.tokens.digest(token));
  }

  async userInfo(id: number): Promise<CurrentUser> {
    const user = await this.deps.users.findById(id);
    if (!user) throw new AppError('notFound', accountMessages.userNotFound);
    return user;
  }

  async updateProfile(user: CurrentUser, changes: { nickName?: string; avatar?: string }): Promise<CurrentUser> {
    const update: { nickName?: string; avatar?: string } = {};
    if (changes.nickName !== undefined) {
      rejectIf(checkProfileNickname(changes.nickName));
      update.nickName = changes.nickName.trim();
    }
    if (changes.avatar !== undefined) {
      if (changes.avatar !== '' && !AVATAR_PATH.test(changes.avatar)) {
        throw new AppError('invalid', accountMessages.invalidAvatar);
      }
      update.avatar = changes.avatar;
    }
    const updated = await this.deps.users.updateProfile(user.id, update);
    if (!updated) throw new AppError('notFound', accountMessages.userNotFound);
    return updated;
  }

  /**
   * Changes the password and ends every other session of the user: whoever knew the old password (or held
   * another session) is out, while the one that made the change stays signed in.
   */
  async changePassword(user: CurrentUser, oldPassword: string, newPassword: string, client: ClientFacts & { token: string }): Promise<void> {
    rejectIf(checkNewPassword(oldPassword, newPassword));
    await this.requirePassword(user, oldPassword, client.address, accountMessages.wrongOldPassword);
    // Their own password now: the account is no longer held to changing it.
    await this.deps.users.updatePasswordHash(user.id, await this.hash(newPassword), false);
    await this.endOtherSessions(user, client.token);
  }

  /** Whether two-step sign-in is on, and how many recovery codes are left. */
  async twoStepStatus(user: CurrentUser): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
    const enabled = (await this.deps.twoStep.find(user.id))?.enabled === true;
    return { enabled, recoveryCodesLeft: enabled ? await this.deps.twoStep.recoveryCodesLeft(user.id) : 0 };
  }

  /** A fresh secret to show (as text and as the QR code's URI); it guards nothing until a code confirms it. */
  async startTwoStep(user: CurrentUser): Promise<{ secret: string; uri: string }> {
    const secret = this.deps.codes.newSecret();
    if (!(await this.deps.twoStep.startSetUp(user.id, this.deps.secrets.seal(secret), this.deps.clock.now()))) {
      throw new AppError('conflict', twoStepMessages.alreadyOn);
    }
    return { secret, uri: this.deps.codes.keyUri(secret, user.username, this.deps.issuer ?? TWO_STEP_POLICY.issuer) };
  }

  /**
   * Turns two-step sign-in on once a current code proves the app holds the secret; answers the recovery
   * codes (shown once, kept only as fingerprints) and how many other sessions it ended when asked to.
   */
  async enableTwoStep(
    user: CurrentUser,
    code: string,
    client: ClientFacts & { token: string; endOthers: boolean },
  ): Promise<{ recoveryCodes: string[]; endedOthers: number }> {
    const now = this.deps.clock.now();
    const stored = await this.deps.twoStep.find(user.id);
    if (!stored) throw new AppError('conflict', twoStepMessages.notStarted);
    if (stored.enabled) throw new AppError('conflict', twoStepMessages.alreadyOn);
    const entered = normalisedCode(code);
    if (!TOTP_CODE.test(entered)) throw new AppError('invalid', twoStepMessages.codeRequired);
    let step: number | undefined;
    await this.guarded(user.username, client.address, now, twoStepMessages.wrongCode, async () => {
      step = this.deps.codes.matchingStep(this.openSecret(stored), entered, now, TWO_STEP_POLICY.window);
      return step !== undefined;
    });
    const recoveryCodes = this.deps.codes.recoveryCodes(TWO_STEP_POLICY.recoveryCodes);
    if (!(await this.deps.twoStep.enable(user.id, step ?? 0, recoveryCodes.map((c) => this.recoveryFingerprint(c))))) {
      throw new AppError('conflict', twoStepMessages.alreadyOn);
    }
    const endedOthers = client.endOthers ? await this.endOtherSessions(user, client.token) : 0;
    return { recoveryCodes, endedOthers };
  }

  /** Turns two-step sign-in off: the password and a code (or a recovery code) again. */
  async disableTwoStep(user: CurrentUser, password: string, code: string, address: string): Promise<void> {
    await this.reconfirm(user, password, code, address);
    await this.deps.twoStep.remove(user.id);
  }

  /** Ten new recovery codes in place of the old ones: the password and a code (or a recovery code) again. */
  async renewRecoveryCodes(user: CurrentUser, password: string, code: string, address: string): Promise<string[]> {
    await this.reconfirm(user, password, code, address);
    const recoveryCodes = this.deps.codes.recoveryCodes(TWO_STEP_POLICY.recoveryCodes);
    await this.deps.twoStep.replaceRecoveryCodes(user.id, recoveryCodes.map((c) => this.recoveryFingerprint(c)));
    return recoveryCodes;
  }

  /** `npm run user -- reset-two-step`: for someone who lost the app, the recovery codes and the passkeys. */
  async resetTwoStep(username: string): Promise<void> {
    const stored = await this.requireUsername(username);
    await this.deps.twoStep.remove(stored.id);
    await this.deps.passkeys?.removeAll(stored.id);
  }

  /** The browser's options for a new passkey; the challenge is bound to the asking session (`binding`). */
  async passkeyRegistrationOptions(user: CurrentUser, binding: string, rp: RelyingParty): Promise<unknown> {
    return this.requirePasskeys().registrationOptions(user, binding, rp);
  }

  /** The browser's options for confirming a change with one of the user's passkeys, bound to the asking session. */
  async passkeyConfirmOptions(user: CurrentUser, binding: string, rp: RelyingParty): Promise<unknown> {
    const passkeys = this.requirePasskeys();
    if (!(await passkeys.any(user.id))) throw new AppError('conflict', twoStepMessages.passkeyNotFound);
    return passkeys.assertionOptions('confirm', binding, rp, user.id);
  }

  /** Removes one of the user's passkeys once the password, or a passkey of theirs, confirms it. */
  async removePasskey(user: CurrentUser, id: number, confirmation: Reconfirmation, address: string): Promise<void> {
    const passkeys = this.requirePasskeys();
    if (!(await passkeys.exists(user.id, id))) throw new AppError('notFound', twoStepMessages.passkeyNotFound);
    if ('password' in confirmation) {
      if (confirmation.password === '') throw new AppError('invalid', twoStepMessages.confirmRequired);
      await this.requirePassword(user, confirmation.password, address, twoStepMessages.wrongPassword);
    } else {
      const answer = confirmation.passkey;
      await this.guarded(user.username, address, this.deps.clock.now(), twoStepMessages.passkeyFailed, async () =>
        Boolean(await passkeys.verify('confirm', answer, user.id)),
      );
    }
    await passkeys.remove(user.id, id);
  }

  /** The passkeys, or a refusal when this site runs without them. */
  requirePasskeys(): Passkeys {
    if (!this.deps.passkeys) throw new AppError('notFound', twoStepMessages.passkeyNotFound);
    return this.deps.passkeys;
  }

  /** Where the account is signed in, the most recently seen first; `token` is the asking session's. */
  async listSessions(user: CurrentUser, token: string): Promise<AccountSession[]> {
    const currentHash = this.deps.tokens.digest(token);
    const sessions = await this.deps.sessions.listForUser(user.id, this.deps.clock.now());
    return sessions.map(({ tokenHash, ...session }) => ({ ...session, current: tokenHash === currentHash }));
  }

  /** Ends one of the user's own sessions (on every instance at once: sessions live in the database). */
  async endSession(user: Pick<CurrentUser, 'id'>, sessionId: number): Promise<void> {
    if (!(await this.deps.sessions.revokeById(user.id, sessionId))) throw new AppError('notFound', twoStepMessages.sessionNotFound);
    await this.sessionsEnded(user.id, [sessionId]);
  }

  /** Ends every session of the user but the asking one; answers how many. */
  async endOtherSessions(user: CurrentUser, token: string): Promise<number> {
    const ended = await this.deps.sessions.revokeAllForUser(user.id, this.deps.tokens.digest(token));
    if (ended.length > 0) await this.sessionsEnded(user.id, ended);
    return ended.length;
  }

  /** The console's 退出全部登录: every session of the user; answers how many. */
  async endAllSessions(userId: number): Promise<number> {
    const ended = await this.deps.sessions.revokeAllForUser(userId);
    if (ended.length > 0) await this.sessionsEnded(userId, ended);
    return ended.length;
  }

  /**
   * First start: creates the administrator when there is no user at all and returns its one-time
   * password; undefined when users exist (or another instance won the race). The first sign-in with
   * it must set a new password before anything else (CurrentUser.mustChangePassword).
   */
  async ensureAdministrator(): Promise<{ username: string; password: string } | undefined> {
    if ((await this.deps.users.count()) > 0) return undefined;
    const password = this.deps.tokens.generatePassword();
    try {
      await this.deps.users.create({
        username: 'admin',
        nickName: '管理员',
        passwordHash: await this.hash(password),
        avatar: '',
        role: ROLES.admin,
        mustChangePassword: true,
      });
    } catch (error) {
      if (error instanceof UsernameTakenError) return undefined;
      throw error;
    }
    return { username: 'admin', password };
  }

  /** `npm run user -- create`: a member with a generated password (printed by the CLI), to be changed at first sign-in. */
  async createUser(username: string, nickName: string): Promise<{ user: CurrentUser; password: string }> {
    rejectIf(checkRegisterUsername(username));
    rejectIf(checkNickname(nickName));
    await this.refuseTakenOrLookAlike(username);
    const password = this.deps.tokens.generatePassword();
    try {
      const user = await this.deps.users.create({
        username,
        nickName: nickName.trim() || username,
        passwordHash: await this.hash(password),
        avatar: '',
        role: ROLES.member,
        mustChangePassword: true,
      });
      return { user, password };
    } catch (error) {
      if (error instanceof UsernameTakenError) throw new AppError('refused', accountMessages.usernameTaken, ACCOUNT_REFUSED);
      throw error;
    }
  }

  /** `npm run user -- reset-password`: a generated password (printed by the CLI), to be changed at the next sign-in. */
  async resetPassword(username: string): Promise<string> {
    const stored = await this.requireUsername(username);
    const password = this.deps.tokens.generatePassword();
    await this.deps.users.updatePasswordHash(stored.id, await this.hash(password), true);
    await this.deps.sessions.revokeAllForUser(stored.id);
    await this.deps.throttle.clear(throttleKeys(username, '').account);
    return password;
  }

  async setRole(username: string, role: number): Promise<void> {
    if (!Number.isInteger(role) || role < 1 || role > 9) throw new AppError('invalid', accountMessages.invalidRole);
    const stored = await this.requireUsername(username);
    await this.deps.users.updateRole(stored.id, role);
  }

  /** A name that exists, or reads like one that does (`аdmin` in Cyrillic letters), is refused by name. */
  private async refuseTakenOrLookAlike(username: string): Promise<void> {
    const similar = await this.deps.users.findLookAlike(username);
    if (!similar) return;
    const same = similar.username.toLowerCase() === username.toLowerCase();
    throw new AppError('refused', same ? accountMessages.usernameTaken : accountMessages.usernameConfusable, ACCOUNT_REFUSED);
  }

  private async requireUsername(username: string) {
    const stored = await this.deps.users.findByUsername(username);
    if (!stored) throw new AppError('notFound', accountMessages.userNotFound);
    return stored;
  }

  /**
   * The one place a second step is checked, for a sign-in and for turning the second step off or renewing
   * its codes: a current TOTP code of a step later than any accepted before (a replay is refused), or an
   * unused recovery code (spent by this check), or a passkey of the account answering the challenge bound to
   * this sign-in.
   */
  private async secondStepPasses(userId: number, proof: BoundProof, now: Date): Promise<boolean> {
    if ('passkey' in proof) return (await this.deps.passkeys?.verify('secondStep', proof.passkey, userId)) !== undefined;
    const entered = normalisedCode(proof.code);
    if (TOTP_CODE.test(entered)) {
      const stored = await this.deps.twoStep.find(userId);
      if (!stored?.enabled) return false;
      const step = this.deps.codes.matchingStep(this.openSecret(stored), entered, now, TWO_STEP_POLICY.window);
      return step !== undefined && (await this.deps.twoStep.acceptStep(userId, step));
    }
    return entered !== '' && (await this.deps.twoStep.useRecoveryCode(userId, this.recoveryFingerprint(entered)));
  }

  /** The second step, throttled like a password; refused with wrongCode (passkeyFailed for a passkey). */
  private async requireSecondStep(user: CurrentUser, proof: BoundProof, address: string, now: Date): Promise<void> {
    if ('code' in proof && normalisedCode(proof.code) === '') throw new AppError('invalid', twoStepMessages.codeRequired);
    const refusal = 'passkey' in proof ? twoStepMessages.passkeyFailed : twoStepMessages.wrongCode;
    await this.guarded(user.username, address, now, refusal, () => this.secondStepPasses(user.id, proof, now));
  }

  /** Which second steps the account can give; neither: the password alone signs in. */
  private async secondStepMethods(userId: number): Promise<SecondStepMethods> {
    const code = (await this.deps.twoStep.find(userId))?.enabled === true;
    return { code, passkey: (await this.deps.passkeys?.any(userId)) ?? false };
  }

  /** The live password-checked sign-in behind a challenge token, or the refusal that it expired. */
  private async pendingLogin(challenge: string, now: Date) {
    const challengeHash = this.deps.tokens.digest(challenge);
    const pending = challenge.length > 200 ? undefined : await this.deps.twoStep.findChallenge(challengeHash, now);
    const user = pending && (await this.deps.users.findById(pending.userId));
    if (!pending || !user) throw new AppError('refused', twoStepMessages.challengeExpired, ACCOUNT_REFUSED);
    return { pending, user, challengeHash };
  }

  /** A passkey answers the WebAuthn challenge bound to this very sign-in, never one handed out for another. */
  private boundProof(proof: SecondStepProof, challengeHash: string): BoundProof {
    return 'passkey' in proof ? { passkey: { ...proof.passkey, binding: challengeHash } } : { code: proof.code };
  }

  /** The password, throttled like a login (a stolen session must not become a way to guess it). */
  private async requirePassword(user: CurrentUser, password: string, address: string, refusal: string): Promise<void> {
    const keys = throttleKeys(user.username, address);
    const attempts = await this.countAttempt(keys, this.deps.clock.now());
    const stored = await this.deps.users.findByUsername(user.username);
    if (!stored) throw new AppError('unauthenticated', accountMessages.loginRequired);
    if (!(await this.checking(keys, attempts, () => this.verify(password, stored.passwordHash)))) {
      throw new AppError('refused', refusal, ACCOUNT_REFUSED);
    }
    await this.succeeded(keys);
  }

  /** What cannot be undone lightly (the second step off, new recovery codes): the password and a code again. */
  private async reconfirm(user: CurrentUser, password: string, code: string, address: string): Promise<void> {
    if (!(await this.deps.twoStep.find(user.id))?.enabled) throw new AppError('conflict', twoStepMessages.notOn);
    if (password === '') throw new AppError('invalid', twoStepMessages.passwordRequired);
    await this.requirePassword(user, password, address, twoStepMessages.wrongPassword);
    await this.requireSecondStep(user, { code }, address, this.deps.clock.now());
  }

  /** Runs a code check counted under the login throttle's keys and the account's second-step key. */
  private async guarded(username: string, address: string, now: Date, refusal: string, check: () => Promise<boolean>): Promise<void> {
    const keys = { ...throttleKeys(username, address), second: `second:${username.trim().toLowerCase()}` };
    const attempts = await this.countAttempt(keys, now);
    if (!(await this.checking(keys, attempts, check))) throw new AppError('refused', refusal, ACCOUNT_REFUSED);
    await this.succeeded(keys);
  }

  private openSecret(stored: StoredTwoStep): string {
    try {
      return this.deps.secrets.open(stored.sealedSecret);
    } catch {
      // Sealed under another key (SECRET_KEY changed, a backup restored elsewhere): only a reset helps.
      throw new AppError('conflict', twoStepMessages.secretUnreadable);
    }
  }

  private recoveryFingerprint(code: string): string {
    return this.deps.secrets.fingerprint(`recovery:${normalisedCode(code)}`);
  }

  /** A password-checked sign-in waiting for its second step. */
  private async challenge(user: CurrentUser, remember: boolean, now: Date, methods: SecondStepMethods): Promise<LoginOutcome> {
    const challenge = this.deps.tokens.generate();
    const expiresAt = new Date(now.getTime() + TWO_STEP_POLICY.challengeMs);
    await this.deps.twoStep.deleteExpiredChallenges(now);
    await this.deps.twoStep.createChallenge(this.deps.tokens.digest(challenge), { userId: user.id, persistent: remember, expiresAt });
    return { secondStep: true, challenge, expiresAt, methods };
  }

  private async signIn(user: CurrentUser, remember: boolean, now: Date, client: ClientFacts): Promise<IssuedSession> {
    await this.deps.users.recordLogin(user.id, now);
    const token = this.deps.tokens.generate();
    const expiresAt = new Date(now.getTime() + (remember ? SESSION_POLICY.rememberMs : SESSION_POLICY.idleMs));
    const sessionId = await this.deps.sessions.create({
      tokenHash: this.deps.tokens.digest(token),
      userId: user.id,
      persistent: remember,
      createdAt: now,
      expiresAt,
      address: client.address,
      userAgent: client.userAgent ?? '',
    });
    // Housekeeping rides on logins rather than a timer, so every instance stays stateless.
    await this.deps.sessions.deleteExpired(now);
    await this.deps.throttle.prune(new Date(now.getTime() - THROTTLE_POLICY.windowMs));
    await this.signedIn({ user, sessionId, client });
    return { token, user, persistent: remember, expiresAt };
  }

  /**
   * Counts this attempt under its three keys before any hash (one statement), then refuses it when this
   * account has failed too often from this address, or this address too often overall. Answers the
   * account's attempts from every address, which only ever slow its logins.
   */
  private async countAttempt(keys: ThrottleKeys, now: Date): Promise<number> {
    const counts = await this.deps.throttle.count(keyList(keys), now, THROTTLE_POLICY.windowMs);
    let unlockAt = 0;
    for (const { key, count, windowEndsAt } of counts) {
      const limit =
        key === keys.pair
          ? THROTTLE_POLICY.perAccountAddress
          : key === keys.address
            ? THROTTLE_POLICY.perAddress
            : key === keys.second
              ? THROTTLE_POLICY.secondStepPerAccount
              : Infinity;
      if (count > limit) unlockAt = Math.max(unlockAt, windowEndsAt.getTime());
    }
    if (unlockAt > now.getTime()) {
      // Refused before the hash: it does not slow the owner's logins from elsewhere.
      await this.deps.throttle.refund([keys.account]);
      const minutes = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000));
      throw new AppError('rateLimited', accountMessages.tooManyFailures(minutes));
    }
    return counts.find((c) => c.key === keys.account)?.count ?? 1;
  }

  /**
   * Runs a password check; for an account under attack (many failures from anywhere) one at a time and
   * after a pause, so guessing slows down while the owner still gets in. A check that never ran (the
   * hashing queue was full) gives its attempt back.
   */
  private async checking<T>(keys: ThrottleKeys, attempts: number, check: () => Promise<T>): Promise<T> {
    try {
      if (attempts <= THROTTLE_POLICY.accountSlowAfter) return await check();
      let line = this.slowLines.get(keys.account);
      if (!line) {
        line = new ConcurrencyGate(1, THROTTLE_POLICY.accountQueue, () => new AppError('rateLimited', accountMessages.accountBusy));
        this.slowLines.set(keys.account, line);
      }
      const gate = line;
      const delay = Math.min(THROTTLE_POLICY.slowMaxMs, (attempts - THROTTLE_POLICY.accountSlowAfter) * THROTTLE_POLICY.slowStepMs);
      try {
        return await gate.run(async () => {
          await this.pause(delay);
          return check();
        });
      } finally {
        if (gate.load.running === 0 && gate.load.waiting === 0 && this.slowLines.get(keys.account) === gate) {
          this.slowLines.delete(keys.account);
        }
      }
    } catch (error) {
      if (error instanceof AppError && error.kind === 'rateLimited') await this.deps.throttle.refund(keyList(keys));
      throw error;
    }
  }

  /** A success: the pair's failures are forgotten and the attempt is given back to the wider counts. */
  private async succeeded(keys: ThrottleKeys): Promise<void> {
    await this.deps.throttle.clear(keys.pair);
    await this.deps.throttle.refund(keyList(keys).filter((key) => key !== keys.pair));
  }

  private hash(password: string): Promise<string> {
    return this.hashing.run(() => this.deps.hasher.hash(password));
  }

  private verify(password: string, stored: string): Promise<boolean> {
    return this.hashing.run(() => this.deps.hasher.verify(password, stored));
  }

  private async refuseTooManyRegistrations(address: string): Promise<void> {
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - REGISTRATION_POLICY.windowMs);
    // Housekeeping rides on registrations, like the login throttle's on logins.
    await this.deps.registrations.prune(since);
    const { count, oldest } = await this.deps.registrations.attemptsSince(address, since);
    const limit = this.deps.registrationsPerHour ?? REGISTRATION_POLICY.perAddress;
    if (count >= limit && oldest) {
      const waitMs = oldest.getTime() + REGISTRATION_POLICY.windowMs - now.getTime();
      throw new AppError('rateLimited', accountMessages.tooManyRegistrations(Math.max(1, Math.ceil(waitMs / 60_000))));
    }
    await this.deps.registrations.recordAttempt(address, now);
  }

  private dummy(): Promise<string> {
    // A refusal (hashing queue full) is not kept: the next miss tries again.
    this.dummyHash ??= this.hash(this.deps.tokens.generatePassword()).catch((error: unknown) => {
      this.dummyHash = undefined;
      throw error;
    });
    return this.dummyHash;
  }
}

interface ThrottleKeys {
  account: string;
  pair: string;
  address: string;
  /** Counted for second-step codes only (THROTTLE_POLICY.secondStepPerAccount). */
  second?: string;
}

/** A second step: a code, or a passkey's answer bound to the sign-in it completes. */
type BoundProof = { code: string } | { passkey: PasskeyAssertion };

/**
 * A passkey sign-in names no account before it is checked: its failures count against the address (the
 * pair's limit, then the address's), under keys no user name can take (names hold no `|`).
 */
function passkeyThrottleKeys(address: string): ThrottleKeys {
  return { account: `passkey|${address}`, pair: `pair:passkey|${address}`, address: `address:${address}` };
}

function keyList(keys: ThrottleKeys): string[] {
  return [keys.pair, keys.address, keys.account, ...(keys.second ? [keys.second] : [])];
}

/** Six digits: an authenticator's code; anything else is taken for a recovery code. */
const TOTP_CODE = /^\d{6}$/;

/** What was typed, without the spaces and dashes people copy along, letters in lower case. */
function normalisedCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase().slice(0, 64);
}

/** Throttle keys: the account name case-folded (names are unique case-insensitively), the account from one address, the address. */
export function throttleKeys(username: string, address: string): ThrottleKeys {
  const name = username.trim().toLowerCase();
  return { account: `account:${name}`, pair: `pair:${name}|${address}`, address: `address:${address}` };
}
