import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { KyselyLoginThrottle } from '../../../server/adapters/db/loginThrottle';
import { KyselyRegistrationThrottle } from '../../../server/adapters/db/registrationThrottle';
import { KyselySessionRepository } from '../../../server/adapters/db/sessionRepository';
import { KyselyUserRepository } from '../../../server/adapters/db/userRepository';
import { randomSessionTokens } from '../../../server/adapters/crypto/sessionTokens';
import { AccountService } from '../../../server/domain/accounts/accountService';
import { AppError } from '../../../server/domain/errors';
import * as zhCN from '../../../src/i18n/zh-CN';
import { temporaryFolder } from '../support/siteServer';
import { signedIn, testHasher, twoStepDeps } from './support';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let dataDir: string;
let database: DatabaseHandle;
let now: Date;
let accounts: AccountService;

beforeEach(async () => {
  dataDir = temporaryFolder('blog-account-service-');
  database = openDatabase({ dataDir });
  await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
  now = new Date('2026-03-01T08:00:00.000Z');
  const clock = { now: () => now };
  accounts = new AccountService({
    users: new KyselyUserRepository(database.db, clock.now),
    sessions: new KyselySessionRepository(database.db),
    hasher: testHasher,
    tokens: randomSessionTokens,
    throttle: new KyselyLoginThrottle(database.db),
    registrations: new KyselyRegistrationThrottle(database.db),
    ...twoStepDeps(database.db),
    clock,
  });
  await accounts.register({ username: 'reader', password: 'abc123456', nickName: '读者', address: '7.7.7.7' });
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const login = async (remember: boolean, password = 'abc123456', address = '1.2.3.4') =>
  signedIn(await accounts.login({ username: 'reader', password, remember, address }));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('sessions over time', () => {
  it('a browser session lives a day without use and rolls forward while used', async () => {
    const { token } = await login(false);
    advance(20 * HOUR);
    expect(await accounts.authenticate(token)).toMatchObject({ username: 'reader' });
    advance(20 * HOUR); // 40 h after login, 20 h after the last use
    expect(await accounts.authenticate(token)).toMatchObject({ username: 'reader' });
    advance(DAY + MINUTE);
    expect(await accounts.authenticate(token)).toBeUndefined();
  });

  it('a browser session never outlives 30 days, however busy', async () => {
    const { token } = await login(false);
    // Used every 12 hours for 29.5 days: always alive.
    for (let use = 1; use <= 59; use++) {
      advance(12 * HOUR);
      expect(await accounts.authenticate(token), `use ${use}`).toBeDefined();
    }
    advance(12 * HOUR + MINUTE); // 30 days and a minute after login
    expect(await accounts.authenticate(token)).toBeUndefined();
  });

  it('a "记住我" session lasts 30 days without use, then ends', async () => {
    const { token, expiresAt } = await login(true);
    expect(expiresAt.getTime() - now.getTime()).toBe(30 * DAY);
    advance(29 * DAY);
    expect(await accounts.authenticate(token)).toBeDefined();
    advance(DAY + MINUTE);
    expect(await accounts.authenticate(token)).toBeUndefined();
  });

  it('ignores empty, unknown and absurdly long tokens', async () => {
    expect(await accounts.authenticate('')).toBeUndefined();
    expect(await accounts.authenticate(randomSessionTokens.generate())).toBeUndefined();
    expect(await accounts.authenticate('x'.repeat(5000))).toBeUndefined();
  });
});

describe('login throttling over time', () => {
  it('locks an account from one address after 5 failures, says how many minutes remain, and unlocks after the window', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await refusal(login(false, 'wrong-pass1'))).kind).toBe('refused');
      advance(MINUTE);
    }
    // First failure at 0, now at 5 min: the lock lasts until minute 15.
    const locked = await refusal(login(false));
    expect(locked.kind).toBe('rateLimited');
    expect(locked.message).toBe(zhCN.account.server.tooManyFailures(10));
    advance(9 * MINUTE + 30_000);
    expect((await refusal(login(false))).message).toBe(zhCN.account.server.tooManyFailures(1));
    advance(MINUTE);
    expect((await login(false)).user.username).toBe('reader');
  });

  it('never locks the owner out from another address: five failures elsewhere leave it alone', async () => {
    for (let i = 0; i < 5; i++) await refusal(login(false, 'wrong-pass1', '6.6.6.6'));
    expect((await refusal(login(false, 'abc123456', '6.6.6.6'))).kind).toBe('rateLimited');
    expect((await login(false, 'abc123456', '1.2.3.4')).user.username).toBe('reader');
  });

  it('slows, never refuses, an account attacked from many addresses: one check at a time after a growing pause', async () => {
    const pauses: number[] = [];
    let running = 0;
    let most = 0;
    const slowHasher = {
      hash: (password: string) => testHasher.hash(password),
      verify: async (password: string, stored: string) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return testHasher.verify(password, stored);
      },
    };
    const slowed = new AccountService({
      users: new KyselyUserRepository(database.db, () => now),
      sessions: new KyselySessionRepository(database.db),
      hasher: slowHasher,
      tokens: randomSessionTokens,
      throttle: new KyselyLoginThrottle(database.db),
      registrations: new KyselyRegistrationThrottle(database.db),
      ...twoStepDeps(database.db),
      clock: { now: () => now },
      hashing: { concurrency: 4, queue: 100 },
      pause: async (ms) => void pauses.push(ms),
    });
    const attempt = async (password: string, address: string) => signedIn(await slowed.login({ username: 'reader', password, remember: false, address }));
    for (let i = 0; i < 10; i++) await refusal(attempt('wrong-pass1', `9.9.${i}.1`));
    expect(pauses).toEqual([]);
    most = 0;
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => refusal(attempt('wrong-pass1', `9.8.${i}.1`))));
    expect(burst.map((e) => e.kind)).toEqual(Array(8).fill('refused'));
    expect(most).toBe(1);
    expect(Math.max(...pauses)).toBeGreaterThan(Math.min(...pauses));
    // The owner, from a new address, still gets in.
    expect((await attempt('abc123456', '1.1.1.1')).user.username).toBe('reader');
  });

  it('bounds concurrent hashing: past the queue a login answers 429 at once, and unknown accounts cost a verification too', async () => {
    let verifications = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stuckHasher = {
      hash: (password: string) => testHasher.hash(password),
      verify: async (password: string, stored: string) => {
        verifications += 1;
        await gate;
        return testHasher.verify(password, stored);
      },
    };
    const bounded = new AccountService({
      users: new KyselyUserRepository(database.db, () => now),
      sessions: new KyselySessionRepository(database.db),
      hasher: stuckHasher,
      tokens: randomSessionTokens,
      throttle: new KyselyLoginThrottle(database.db),
      registrations: new KyselyRegistrationThrottle(database.db),
      ...twoStepDeps(database.db),
      clock: { now: () => now },
      hashing: { concurrency: 2, queue: 3 },
    });
    const attempts = Array.from({ length: 10 }, (_, i) =>
      bounded.login({ username: `ghost_${i}`, password: 'wrong-pass1', remember: false, address: `4.4.4.${i}` }).then(
        () => 'ok',
        (e: AppError) => e.kind,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bounded.hashingLoad).toEqual({ running: 2, waiting: 3 });
    release();
    const kinds = await Promise.all(attempts);
    expect(kinds.filter((k) => k === 'rateLimited').length).toBeGreaterThanOrEqual(4);
    expect(kinds.filter((k) => k === 'refused').length).toBeGreaterThanOrEqual(1);
    expect(verifications).toBe(kinds.filter((k) => k === 'refused').length);
  });

  it('a success clears the account’s failures', async () => {
    for (let i = 0; i < 4; i++) await refusal(login(false, 'wrong-pass1'));
    await login(false);
    for (let i = 0; i < 4; i++) await refusal(login(false, 'wrong-pass1'));
    expect((await login(false)).user.username).toBe('reader');
  });

  it('also guards the old password on a password change', async () => {
    const { user } = await login(false);
    for (let i = 0; i < 5; i++) {
      expect((await refusal(accounts.changePassword(user, 'wrong-pass1', 'newpass123', { address: '5.5.5.5', token: '' }))).kind).toBe('refused');
    }
    expect((await refusal(accounts.changePassword(user, 'abc123456', 'newpass123', { address: '5.5.5.5', token: '' }))).kind).toBe('rateLimited');
  });
});

describe('registration throttling over time', () => {
  const register = (username: string, address = '8.8.8.8') =>
    accounts.register({ username, password: 'abc123456', nickName: '', address });

  it('allows 10 attempts per address and hour (taken names count), says when to retry, then lets the address in again', async () => {
    for (let i = 0; i < 9; i++) {
      await register(`member_${i}`);
      advance(MINUTE);
    }
    // A taken name still costs a hash: it counts as the tenth attempt.
    expect((await refusal(register('member_0'))).kind).toBe('refused');
    advance(MINUTE);
    // First attempt at 0, now at minute 10: the address waits until minute 60.
    const limited = await refusal(register('member_x'));
    expect(limited.kind).toBe('rateLimited');
    expect(limited.message).toBe(zhCN.account.server.tooManyRegistrations(50));
    // Refusals are not attempts: they do not push the end further out.
    advance(49 * MINUTE + 30_000);
    expect((await refusal(register('member_x'))).message).toBe(zhCN.account.server.tooManyRegistrations(1));
    // Another address is not affected.
    expect((await register('elsewhere', '8.8.4.4')).username).toBe('elsewhere');
    advance(MINUTE);
    expect((await register('member_x')).username).toBe('member_x');
  });

  it('does not count input the rules refuse', async () => {
    for (let i = 0; i < 15; i++) expect((await refusal(register('bad name'))).kind).toBe('invalid');
    expect((await register('still_fine')).username).toBe('still_fine');
  });
});

describe('administrator and command-line management', () => {
  it('creates the administrator only when there is no user at all', async () => {
    expect(await accounts.ensureAdministrator()).toBeUndefined(); // "reader" exists
  });

  it('resets a password (ending every session) and sets roles', async () => {
    const { token } = await login(true);
    const password = await accounts.resetPassword('READER');
    expect(await accounts.authenticate(token)).toBeUndefined();
    expect(signedIn(await accounts.login({ username: 'reader', password, remember: false, address: 'x' })).user.role).toBe(2);
    await accounts.setRole('reader', 1);
    expect(signedIn(await accounts.login({ username: 'reader', password, remember: false, address: 'x' })).user.role).toBe(1);
    expect((await refusal(accounts.setRole('reader', 0))).kind).toBe('invalid');
    expect((await refusal(accounts.setRole('nobody-here', 1))).kind).toBe('notFound');
  });

  it('creates users with a generated password that logs in', async () => {
    const { user, password } = await accounts.createUser('cli_user', '命令行');
    expect(user).toMatchObject({ username: 'cli_user', nickName: '命令行', role: 2 });
    expect(signedIn(await accounts.login({ username: 'cli_user', password, remember: false, address: 'x' })).user.id).toBe(user.id);
    expect((await refusal(accounts.createUser('CLI_USER', 'x'))).message).toBe(zhCN.account.server.usernameTaken);
  });
});
