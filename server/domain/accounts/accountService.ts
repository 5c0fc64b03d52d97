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
  checkRegisterUsername,
  type ValidationKey,
} from '../../../src/domain/account/validation';
import { AppError } from '../errors';
import type { CurrentUser } from './currentUser';
import { accountMessages, validationMessage } from './messages';
import { REGISTRATION_POLICY, ROLES, SESSION_POLICY, THROTTLE_POLICY } from './policy';

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

  constructor(private readonly deps: AccountDeps) {}

  async register(input: { username: string; password: string; nickName: string; address: string }): Promise<CurrentUser> {
    rejectIf(checkRegisterUsername(input.username));
    rejectIf(checkPasswordFormat(input.password));
    rejectIf(checkNickname(input.nickName));
    // Counted before hashing: every valid attempt costs a full hash, and taken names reveal accounts.
    await this.refuseTooManyRegistrations(input.address);
    await this.refuseTakenOrLookAlike(input.username);
    const passwordHash = await this.deps.hasher.hash(input.password);
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
    const keys = throttleKeys(username, input.address);
    await this.refuseWhileLocked(keys, now);

    const tooLong = input.password.length > LOGIN_INPUT_MAX || username.length > LOGIN_INPUT_MAX;
    const stored = tooLong ? undefined : await this.deps.users.findByUsername(username);
    const matches = stored
      ? await this.deps.hasher.verify(input.password, stored.passwordHash)
      : await this.deps.hasher.verify(input.password, await this.dummy()).then(() => false);
    if (!stored || !matches) {
      await this.deps.throttle.recordFailure([keys.account, keys.address], now);
      throw new AppError('refused', accountMessages.wrongCredentials, ACCOUNT_REFUSED);
    }
    await this.deps.throttle.clear(keys.account);
    const { passwordHash: _hash, ...user } = stored;
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
      rejectIf(checkNickname(changes.nickName));
      update.nickName = changes.nickName.trim() || user.username;
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
    await this.refuseWhileLocked(keys, now);
    const stored = await this.deps.users.findByUsername(user.username);
    if (!stored) throw new AppError('unauthenticated', accountMessages.loginRequired);
    if (!(await this.deps.hasher.verify(oldPassword, stored.passwordHash))) {
      await this.deps.throttle.recordFailure([keys.account, keys.address], now);
      throw new AppError('refused', accountMessages.wrongOldPassword, ACCOUNT_REFUSED);
    }
    await this.deps.users.updatePasswordHash(user.id, await this.deps.hasher.hash(newPassword));
    await this.deps.sessions.revokeAllForUser(user.id);
  }

  /**
   * First start: creates the administrator when there is no user at all and returns its one-time
   * password; undefined when users exist (or another instance won the race).
   */
  async ensureAdministrator(): Promise<{ username: string; password: string } | undefined> {
    if ((await this.deps.users.count()) > 0) return undefined;
    const password = this.deps.tokens.generatePassword();
    try {
      await this.deps.users.create({
        username: 'admin',
        nickName: '管理员',
        passwordHash: await this.deps.hasher.hash(password),
        avatar: '',
        role: ROLES.admin,
      });
    } catch (error) {
      if (error instanceof UsernameTakenError) return undefined;
      throw error;
    }
    return { username: 'admin', password };
  }

  /** `npm run user -- create`: a member with a generated password (printed by the CLI). */
  async createUser(username: string, nickName: string): Promise<{ user: CurrentUser; password: string }> {
    rejectIf(checkRegisterUsername(username));
    rejectIf(checkNickname(nickName));
    await this.refuseTakenOrLookAlike(username);
    const password = this.deps.tokens.generatePassword();
    try {
      const user = await this.deps.users.create({
        username,
        nickName: nickName.trim() || username,
        passwordHash: await this.deps.hasher.hash(password),
        avatar: '',
        role: ROLES.member,
      });
      return { user, password };
    } catch (error) {
      if (error instanceof UsernameTakenError) throw new AppError('refused', accountMessages.usernameTaken, ACCOUNT_REFUSED);
      throw error;
    }
  }

  async resetPassword(username: string): Promise<string> {
    const stored = await this.requireUsername(username);
    const password = this.deps.tokens.generatePassword();
    await this.deps.users.updatePasswordHash(stored.id, await this.deps.hasher.hash(password));
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

  private async refuseWhileLocked(keys: { account: string; address: string }, now: Date): Promise<void> {
    const since = new Date(now.getTime() - THROTTLE_POLICY.windowMs);
    const counts = await this.deps.throttle.failuresSince([keys.account, keys.address], since);
    let unlockAt = 0;
    for (const { key, count, oldest } of counts) {
      const limit = key === keys.account ? THROTTLE_POLICY.perAccount : THROTTLE_POLICY.perAddress;
      if (count >= limit) unlockAt = Math.max(unlockAt, oldest.getTime() + THROTTLE_POLICY.windowMs);
    }
    if (unlockAt > now.getTime()) {
      const minutes = Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000));
      throw new AppError('rateLimited', accountMessages.tooManyFailures(minutes));
    }
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
    this.dummyHash ??= this.deps.hasher.hash(this.deps.tokens.generatePassword());
    return this.dummyHash;
  }
}

/** Throttle keys: the account name case-folded (names are unique case-insensitively) and the address. */
export function throttleKeys(username: string, address: string) {
  return { account: `account:${username.trim().toLowerCase()}`, address: `address:${address}` };
}
