import type { Clock } from '../../ports/clock';
import type { LoginThrottle } from '../../ports/loginThrottle';
import type { PasswordHasher } from '../../ports/passwordHasher';
import type { RegistrationThrottle } from '../../ports/registrationThrottle';
import type { SessionRepository } from '../../ports/sessionRepository';
import type { SessionTokens } from '../../ports/sessionTokens';
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
import type { CurrentUser } from './currentUser';
import { accountMessages, validationMessage } from './messages';
import { ConcurrencyGate } from './concurrencyGate';
import { HASHING_POLICY, REGISTRATION_POLICY, ROLES, SESSION_POLICY, THROTTLE_POLICY } from './policy';

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

  constructor(private readonly deps: AccountDeps) {
    const { concurrency, queue } = deps.hashing ?? HASHING_POLICY;
    this.hashing = new ConcurrencyGate(concurrency, queue, () => new AppError('rateLimited', accountMessages.loginBusy));
    this.pause = deps.pause ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
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

  async login(input: { username: string; password: string; remember: boolean; address: string }): Promise<IssuedSession> {
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
    await this.deps.users.recordLogin(user.id, now);
    return this.issue(user, input.remember, now);
  }

  /** The user behind a token, refreshing a rolling session; undefined for unknown, revoked or expired tokens. */
  async authenticate(token: string): Promise<CurrentUser | undefined> {
    if (token === '' || token.length > 200) return undefined;
    const now = this.deps.clock.now();
    const found = await this.deps.sessions.findActive(this.deps.tokens.digest(token), now);
    if (!found) return undefined;
    const { session, user } = found;
    if (!session.persistent) {
      const remaining = session.expiresAt.getTime() - now.getTime();
      if (remaining < SESSION_POLICY.idleMs - SESSION_POLICY.refreshEveryMs) {
        const cap = session.createdAt.getTime() + SESSION_POLICY.absoluteMs;
        const next = Math.min(now.getTime() + SESSION_POLICY.idleMs, cap);
        if (next > session.expiresAt.getTime()) await this.deps.sessions.extend(session.id, new Date(next));
      }
    }
    return user;
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
   * Changes the password and ends every session of the user, this one included: whoever knew the old
   * password (or held a session) is out, and the client asks for the new password.
   */
  async changePassword(user: CurrentUser, oldPassword: string, newPassword: string, address: string): Promise<void> {
    rejectIf(checkNewPassword(oldPassword, newPassword));
    const now = this.deps.clock.now();
    // A stolen session must not become a way to guess the password.
    const keys = throttleKeys(user.username, address);
    const attempts = await this.countAttempt(keys, now);
    const stored = await this.deps.users.findByUsername(user.username);
    if (!stored) throw new AppError('unauthenticated', accountMessages.loginRequired);
    if (!(await this.checking(keys, attempts, () => this.verify(oldPassword, stored.passwordHash)))) {
      throw new AppError('refused', accountMessages.wrongOldPassword, ACCOUNT_REFUSED);
    }
    await this.succeeded(keys);
    // Their own password now: the account is no longer held to changing it.
    await this.deps.users.updatePasswordHash(user.id, await this.hash(newPassword), false);
    await this.deps.sessions.revokeAllForUser(user.id);
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

  private async issue(user: CurrentUser, remember: boolean, now: Date): Promise<IssuedSession> {
    const token = this.deps.tokens.generate();
    const expiresAt = new Date(now.getTime() + (remember ? SESSION_POLICY.rememberMs : SESSION_POLICY.idleMs));
    await this.deps.sessions.create({
      tokenHash: this.deps.tokens.digest(token),
      userId: user.id,
      persistent: remember,
      createdAt: now,
      expiresAt,
    });
    // Housekeeping rides on logins rather than a timer, so every instance stays stateless.
    await this.deps.sessions.deleteExpired(now);
    await this.deps.throttle.prune(new Date(now.getTime() - THROTTLE_POLICY.windowMs));
    return { token, user, persistent: remember, expiresAt };
  }

  /**
   * Counts this attempt under its three keys before any hash (one statement), then refuses it when this
   * account has failed too often from this address, or this address too often overall. Answers the
   * account's attempts from every address, which only ever slow its logins.
   */
  private async countAttempt(keys: ThrottleKeys, now: Date): Promise<number> {
    const counts = await this.deps.throttle.count([keys.pair, keys.address, keys.account], now, THROTTLE_POLICY.windowMs);
    let unlockAt = 0;
    for (const { key, count, windowEndsAt } of counts) {
      const limit = key === keys.pair ? THROTTLE_POLICY.perAccountAddress : key === keys.address ? THROTTLE_POLICY.perAddress : Infinity;
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
      if (error instanceof AppError && error.kind === 'rateLimited') await this.deps.throttle.refund([keys.pair, keys.address, keys.account]);
      throw error;
    }
  }

  /** A success: the pair's failures are forgotten and the attempt is given back to the wider counts. */
  private async succeeded(keys: ThrottleKeys): Promise<void> {
    await this.deps.throttle.clear(keys.pair);
    await this.deps.throttle.refund([keys.address, keys.account]);
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
}

/** Throttle keys: the account name case-folded (names are unique case-insensitively), the account from one address, the address. */
export function throttleKeys(username: string, address: string): ThrottleKeys {
  const name = username.trim().toLowerCase();
  return { account: `account:${name}`, pair: `pair:${name}|${address}`, address: `address:${address}` };
}
