import fs from 'node:fs';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { KyselyLoginThrottle } from '../../../server/adapters/db/loginThrottle';
import { KyselyRegistrationThrottle } from '../../../server/adapters/db/registrationThrottle';
import { KyselySessionRepository } from '../../../server/adapters/db/sessionRepository';
import { KyselyUserRepository } from '../../../server/adapters/db/userRepository';
import { randomSessionTokens } from '../../../server/adapters/crypto/sessionTokens';
import { AccountService, type IssuedSession } from '../../../server/domain/accounts/accountService';
import type { CurrentUser } from '../../../server/domain/accounts/currentUser';
import { AppError } from '../../../server/domain/errors';
import * as zhCN from '../../../src/i18n/zh-CN';
import { temporaryFolder } from '../support/siteServer';
import { signedIn, testHasher, twoStepDeps } from './support';

const PASSWORD = 'abc123456';
const STEP_MS = 30_000;

let dataDir: string;
let database: DatabaseHandle;
let now: Date;
let accounts: AccountService;
let ended: { userId: number; sessionIds: number[] }[];

function service(adminTwoStep: 'required' | 'optional' = 'optional') {
  const clock = { now: () => now };
  const built = new AccountService({
    users: new KyselyUserRepository(database.db, clock.now),
    sessions: new KyselySessionRepository(database.db),
    hasher: testHasher,
    tokens: randomSessionTokens,
    throttle: new KyselyLoginThrottle(database.db),
    registrations: new KyselyRegistrationThrottle(database.db),
    ...twoStepDeps(database.db),
    adminTwoStep,
    clock,
  });
  built.whenSessionsEnd(async (userId, sessionIds) => void ended.push({ userId, sessionIds }));
  return built;
}

beforeEach(async () => {
  dataDir = temporaryFolder('blog-two-step-');
  database = openDatabase({ dataDir });
  await migrateToLatest(database.db as Kysely<unknown>, database.dialect);
  // Mid-step, so ±1 step is a whole step either side.
  now = new Date(Date.UTC(2026, 2, 1, 8, 0, 15));
  ended = [];
  accounts = service();
  await accounts.register({ username: 'reader', password: PASSWORD, nickName: '读者', address: '7.7.7.7' });
});
afterEach(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const codeAt = (secret: string, at: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
const client = (address = '1.2.3.4') => ({ address, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** Signs in with the password alone and turns two-step sign-in on; answers the secret, the codes and the session. */
async function enableTwoStep(): Promise<{ secret: string; recoveryCodes: string[]; session: IssuedSession; user: CurrentUser }> {
  const session = signedIn(await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client() }));
  const { secret, uri } = await accounts.startTwoStep(session.user);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  const { recoveryCodes } = await accounts.enableTwoStep(session.user, codeAt(secret, now), { ...client(), token: session.token, endOthers: false });
  return { secret, recoveryCodes, session, user: session.user };
}

async function challenge(address = '1.2.3.4'): Promise<string> {
  const outcome = await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client(address) });
  if (!outcome.secondStep) throw new Error('expected a second step');
  return outcome.challenge;
}

describe('two-step sign-in', () => {
  it('asks for a code after the right password, accepts one once, and ±1 step only', async () => {
    const { secret } = await enableTwoStep();
    advance(STEP_MS);
    const first = await challenge();
    const session = await accounts.completeLogin({ challenge: first, code: codeAt(secret, now), ...client() });
    expect(await accounts.authenticate(session.token)).toMatchObject({ username: 'reader' });
    // The same code again (same step): a replay.
    const second = await challenge();
    expect((await refusal(accounts.completeLogin({ challenge: second, code: codeAt(secret, now), ...client() }))).message).toBe(
      zhCN.twoStep.server.wrongCode,
    );
    // The next step's code is accepted (one step ahead), the one after it is not (two ahead).
    expect((await refusal(accounts.completeLogin({ challenge: second, code: codeAt(secret, new Date(now.getTime() + 2 * STEP_MS)), ...client() }))).kind).toBe('refused');
    await accounts.completeLogin({ challenge: second, code: codeAt(secret, new Date(now.getTime() + STEP_MS)), ...client() });
    // An earlier step than one accepted is refused, even within the window.
    advance(STEP_MS);
    const third = await challenge();
    expect((await refusal(accounts.completeLogin({ challenge: third, code: codeAt(secret, new Date(now.getTime() - STEP_MS)), ...client() }))).kind).toBe('refused');
    // A challenge opens one session only, and dies after five minutes.
    advance(STEP_MS);
    await accounts.completeLogin({ challenge: third, code: codeAt(secret, now), ...client() });
    advance(STEP_MS);
    expect((await refusal(accounts.completeLogin({ challenge: third, code: codeAt(secret, now), ...client() }))).message).toBe(
      zhCN.twoStep.server.challengeExpired,
    );
    const late = await challenge();
    advance(5 * 60_000 + 1);
    expect((await refusal(accounts.completeLogin({ challenge: late, code: codeAt(secret, now), ...client() }))).message).toBe(
      zhCN.twoStep.server.challengeExpired,
    );
  });

  it('spends a recovery code once, whatever its spacing and case', async () => {
    const { recoveryCodes } = await enableTwoStep();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const code = recoveryCodes[3]!;
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    await accounts.completeLogin({ challenge: await challenge(), code: typed, ...client() });
    expect((await refusal(accounts.completeLogin({ challenge: await challenge(), code, ...client() }))).kind).toBe('refused');
    expect((await accounts.twoStepStatus({ id: 1 } as CurrentUser)).recoveryCodesLeft).toBe(9);
  });

  it('throttles wrong codes like passwords: five from one address lock that address out', async () => {
    const { secret } = await enableTwoStep();
    advance(STEP_MS);
    const pending = await challenge('6.6.6.6');
    for (let i = 0; i < 5; i++) {
      expect((await refusal(accounts.completeLogin({ challenge: pending, code: '000000', ...client('6.6.6.6') }))).kind).toBe('refused');
    }
    const locked = await refusal(accounts.completeLogin({ challenge: pending, code: codeAt(secret, now), ...client('6.6.6.6') }));
    expect(locked.kind).toBe('rateLimited');
    // The owner elsewhere still gets in.
    await accounts.completeLogin({ challenge: await challenge('1.1.1.1'), code: codeAt(secret, now), ...client('1.1.1.1') });
  });

  it('stores the secret sealed and the recovery codes hashed: the database alone gives neither', async () => {
    const { secret, recoveryCodes } = await enableTwoStep();
    const row = await database.db.selectFrom('user_two_step').selectAll().executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(secret);
    expect(row.secret).toMatch(/^v1\./);
    const hashes = (await database.db.selectFrom('user_recovery_code').select('code_hash').execute()).map((r) => r.code_hash);
    for (const code of recoveryCodes) expect(hashes.join(' ')).not.toContain(code.replace('-', ''));
    // Under another key the secret cannot be opened: the second step says so instead of passing.
    now = new Date(now.getTime() + STEP_MS);
    const other = new AccountService({ ...(accounts as unknown as { deps: object }).deps, ...twoStepDeps(database.db, 'another-key') } as never);
    const pending = await other.login({ username: 'reader', password: PASSWORD, remember: false, ...client() });
    if (!pending.secondStep) throw new Error('expected a second step');
    expect((await refusal(other.completeLogin({ challenge: pending.challenge, code: codeAt(secret, now), ...client() }))).message).toBe(
      zhCN.twoStep.server.secretUnreadable,
    );
  });

  it('turns off and renews codes only with the password and a code, and the command line resets it', async () => {
    const { secret, user, recoveryCodes } = await enableTwoStep();
    advance(STEP_MS);
    expect((await refusal(accounts.renewRecoveryCodes(user, 'wrong-pass1', codeAt(secret, now), '1.2.3.4'))).message).toBe(
      zhCN.twoStep.server.wrongPassword,
    );
    expect((await refusal(accounts.disableTwoStep(user, PASSWORD, '111111', '1.2.3.4'))).message).toBe(zhCN.twoStep.server.wrongCode);
    const renewed = await accounts.renewRecoveryCodes(user, PASSWORD, codeAt(secret, now), '1.2.3.4');
    expect(renewed.some((code) => recoveryCodes.includes(code))).toBe(false);
    await accounts.disableTwoStep(user, PASSWORD, renewed[0]!, '1.2.3.4');
    expect(signedIn(await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client() })).user.username).toBe('reader');
    await enableTwoStep();
    await accounts.resetTwoStep('READER');
    expect((await accounts.twoStepStatus(user)).enabled).toBe(false);
  });

  it('holds an administrator to setting a second step up when ADMIN_TWO_STEP=required', async () => {
    const required = service('required');
    await required.setRole('reader', 1);
    const session = signedIn(await required.login({ username: 'reader', password: PASSWORD, remember: false, ...client() }));
    expect(await required.authenticate(session.token)).toMatchObject({ mustSetUpTwoStep: true });
    const { secret } = await required.startTwoStep(session.user);
    await required.enableTwoStep(session.user, codeAt(secret, now), { ...client(), token: session.token, endOthers: false });
    expect(await required.authenticate(session.token)).not.toHaveProperty('mustSetUpTwoStep');
  });
});

describe('sessions a person can see and end', () => {
  it('lists sessions with this one marked, ends one or all others, and tells whose sessions ended', async () => {
    const login = async (address: string) =>
      signedIn(await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client(address) }));
    const here = await login('1.1.1.1');
    const phone = await login('2.2.2.2');
    const tablet = await login('3.3.3.3');
    const list = await accounts.listSessions(here.user, here.token);
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current).map((s) => s.address)).toEqual(['1.1.1.1']);
    expect(list[0]).toMatchObject({ userAgent: expect.stringContaining('Chrome') });
    const phoneId = list.find((s) => s.address === '2.2.2.2')!.id;
    await accounts.endSession(here.user, phoneId);
    expect(await accounts.authenticate(phone.token)).toBeUndefined();
    expect(ended).toEqual([{ userId: here.user.id, sessionIds: [phoneId] }]);
    expect((await refusal(accounts.endSession(here.user, phoneId))).kind).toBe('notFound');
    expect(await accounts.endOtherSessions(here.user, here.token)).toBe(1);
    expect(await accounts.authenticate(tablet.token)).toBeUndefined();
    expect(await accounts.authenticate(here.token)).toBeDefined();
    expect(await accounts.endAllSessions(here.user.id)).toBe(1);
    expect(await accounts.authenticate(here.token)).toBeUndefined();
  });

  it('a password change ends every other session and keeps the one that made it', async () => {
    const here = signedIn(await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client() }));
    const there = signedIn(await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client('9.9.9.9') }));
    await accounts.changePassword(here.user, PASSWORD, 'newpass123', { ...client(), token: here.token });
    expect(await accounts.authenticate(here.token)).toMatchObject({ username: 'reader' });
    expect(await accounts.authenticate(there.token)).toBeUndefined();
    expect(ended).toHaveLength(1);
  });

  it('turning two-step sign-in on may end the other sessions', async () => {
    const other = signedIn(await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client('8.8.8.8') }));
    const session = signedIn(await accounts.login({ username: 'reader', password: PASSWORD, remember: false, ...client() }));
    const { secret } = await accounts.startTwoStep(session.user);
    const { endedOthers } = await accounts.enableTwoStep(session.user, codeAt(secret, now), { ...client(), token: session.token, endOthers: true });
    expect(endedOthers).toBe(1);
    expect(await accounts.authenticate(other.token)).toBeUndefined();
    expect(await accounts.authenticate(session.token)).toBeDefined();
  });
});

/** One attempt of a sequence: which password, and which second step. */
type Attempt = {
  password: 'right' | 'wrong';
  code: 'current' | 'previous' | 'next' | 'stale' | 'replay' | 'recovery' | 'spentRecovery' | 'garbage' | 'none';
  advanceSteps: number;
};

describe('no sequence of sign-in attempts signs in without both steps', () => {
  it('holds for passwords, codes, replays, recovery codes and time steps in any order', { timeout: 120_000 }, async () => {
    const { secret, recoveryCodes } = await enableTwoStep();
    const codes = [...recoveryCodes];
    const spent: string[] = [];
    const attempt = fc.record<Attempt>({
      password: fc.constantFrom('right', 'wrong'),
      code: fc.constantFrom('current', 'previous', 'next', 'stale', 'replay', 'recovery', 'spentRecovery', 'garbage', 'none'),
      advanceSteps: fc.integer({ min: 0, max: 2 }),
    });
    // Turning it on accepted the step it was confirmed with.
    let lastAccepted = Math.floor(now.getTime() / STEP_MS);
    let lastCode = '';
    let attemptNumber = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 6 }), async (attempts) => {
        // Each sequence starts with no failures counted: the property is about the two steps, not the lockout.
        await database.db.deleteFrom('login_attempt').execute();
        for (const { password, code, advanceSteps } of attempts) {
          advance(advanceSteps * STEP_MS);
          // One address per attempt: a sequence's own failures never lock its later attempts out.
          attemptNumber += 1;
          const address = `10.0.${attemptNumber >> 8}.${attemptNumber & 255}`;
          const step = Math.floor(now.getTime() / STEP_MS);
          const outcome = await accounts
            .login({ username: 'reader', password: password === 'right' ? PASSWORD : 'wrong-pass1', remember: false, ...client(address) })
            .catch((e: unknown) => e);
          if (password === 'wrong') {
            expect(outcome).toBeInstanceOf(AppError);
            continue;
          }
          // The right password alone never signs in: it only yields a challenge.
          expect(outcome).toMatchObject({ secondStep: true });
          if (!(outcome as { secondStep: boolean }).secondStep) return;
          const pending = (outcome as { challenge: string }).challenge;
          const at = (offset: number) => codeAt(secret, new Date(now.getTime() + offset * STEP_MS));
          const entered =
            code === 'current' ? at(0)
            : code === 'previous' ? at(-1)
            : code === 'next' ? at(1)
            : code === 'stale' ? at(-3)
            : code === 'replay' ? lastCode
            : code === 'recovery' ? (codes[0] ?? '')
            : code === 'spentRecovery' ? (spent[0] ?? '')
            : code === 'garbage' ? 'zzzzz-zzzzz'
            : '';
          const offset = code === 'previous' ? -1 : code === 'next' ? 1 : code === 'stale' ? -3 : 0;
          const result = await accounts.completeLogin({ challenge: pending, code: entered, ...client(address) }).catch((e: unknown) => e);
          // What must happen: a fresh TOTP step within ±1, later than any accepted; or an unspent recovery code.
          const totp = code === 'current' || code === 'previous' || code === 'next';
          const shouldPass =
            (totp && step + offset > lastAccepted) || (code === 'recovery' && codes.length > 0);
          if (shouldPass) {
            expect(result).toMatchObject({ user: { username: 'reader' } });
            if (totp) {
              lastAccepted = step + offset;
              lastCode = entered;
            } else spent.push(codes.shift()!);
          } else {
            expect(result).toBeInstanceOf(AppError);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
