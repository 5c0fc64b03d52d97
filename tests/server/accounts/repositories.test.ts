import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyLoginThrottle } from '../../../server/adapters/db/loginThrottle';
import { KyselyRegistrationThrottle } from '../../../server/adapters/db/registrationThrottle';
import { KyselySessionRepository } from '../../../server/adapters/db/sessionRepository';
import { KyselyUserRepository } from '../../../server/adapters/db/userRepository';
import { KyselyTwoStepRepository } from '../../../server/adapters/db/twoStepRepository';
import { UsernameTakenError } from '../../../server/ports/userRepository';
import { backends, type TestDatabase } from '../support/databases';

const T0 = new Date('2026-05-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe.each(await backends())('account repositories on $name', (backend) => {
  let database: TestDatabase;
  let users: KyselyUserRepository;
  let sessions: KyselySessionRepository;
  let throttle: KyselyLoginThrottle;
  let registrations: KyselyRegistrationThrottle;

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    users = new KyselyUserRepository(database.handle.db, () => T0);
    sessions = new KyselySessionRepository(database.handle.db);
    throttle = new KyselyLoginThrottle(database.handle.db);
    registrations = new KyselyRegistrationThrottle(database.handle.db);
  });
  afterEach(() => database?.dispose());

  const newUser = (username: string) => ({ username, nickName: `n-${username}`, passwordHash: 'h', avatar: '', role: 2 });

  it('creates users, finds them by id and by name in any letter case, and counts them', async () => {
    expect(await users.count()).toBe(0);
    const created = await users.create(newUser('ReaderOne'));
    expect(created).toEqual({ id: created.id, username: 'ReaderOne', nickName: 'n-ReaderOne', avatar: '', role: 2, mustChangePassword: false });
    expect(await users.findById(created.id)).toEqual(created);
    expect(await users.findByUsername('readerONE')).toEqual({ ...created, passwordHash: 'h', disabled: false });
    expect(await users.findByUsername('nobody')).toBeUndefined();
    expect(await users.count()).toBe(1);
  });

  it('refuses a name that differs only in letter case, for any name', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{4,11}$/), async (name) => {
        // A run number keeps generated names (which may repeat) distinct from earlier runs.
        const key = `${name}${(runs += 1)}`;
        await users.create(newUser(key));
        await expect(users.create(newUser(key.toUpperCase()))).rejects.toBeInstanceOf(UsernameTakenError);
        await expect(users.create(newUser(key.toLowerCase()))).rejects.toBeInstanceOf(UsernameTakenError);
      }),
      { numRuns: 15 },
    );
  });

  it('updates profile, password hash and role', async () => {
    const user = await users.create(newUser('profiled'));
    expect(await users.updateProfile(user.id, { nickName: '新昵称' })).toMatchObject({ nickName: '新昵称', avatar: '' });
    expect(await users.updateProfile(user.id, { avatar: '/media/a.webp' })).toMatchObject({ nickName: '新昵称', avatar: '/media/a.webp' });
    expect(await users.updateProfile(999_999, { nickName: 'x' })).toBeUndefined();
    await users.updatePasswordHash(user.id, 'h2');
    await users.updateRole(user.id, 1);
    expect(await users.findByUsername('profiled')).toMatchObject({ passwordHash: 'h2', role: 1 });
  });

  it('marks a generated password that must be changed, on creation and on a reset, and its own password clears it', async () => {
    const generated = await users.create({ ...newUser('generated'), mustChangePassword: true });
    expect(generated.mustChangePassword).toBe(true);
    await sessions.create({ tokenHash: 'g', userId: generated.id, persistent: false, createdAt: T0, expiresAt: at(60) });
    expect((await sessions.findActive('g', at(1)))?.user.mustChangePassword).toBe(true);
    await users.updatePasswordHash(generated.id, 'own');
    expect(await users.findById(generated.id)).toMatchObject({ mustChangePassword: false });
    await users.updatePasswordHash(generated.id, 'reset', true);
    expect(await users.findByUsername('generated')).toMatchObject({ passwordHash: 'reset', mustChangePassword: true });
  });

  it('finds a live session with its user, never an expired or revoked one', async () => {
    const user = await users.create(newUser('sessioned'));
    await sessions.create({ tokenHash: 'a', userId: user.id, persistent: true, createdAt: T0, expiresAt: at(60) });
    await sessions.create({ tokenHash: 'b', userId: user.id, persistent: false, createdAt: T0, expiresAt: at(60) });
    const found = await sessions.findActive('a', at(59));
    expect(found?.user).toEqual(user);
    expect(found?.session).toMatchObject({ userId: user.id, persistent: true, createdAt: T0, expiresAt: at(60) });
    expect(await sessions.findActive('a', at(60))).toBeUndefined();

    await sessions.extend(found!.session.id, at(120));
    expect(await sessions.findActive('a', at(90))).toBeDefined();

    await sessions.revoke('a');
    expect(await sessions.findActive('a', at(1))).toBeUndefined();
    expect(await sessions.findActive('b', at(1))).toBeDefined();
  });

  it('revokes all of a user’s sessions, optionally keeping one, and deletes expired ones', async () => {
    const one = await users.create(newUser('userone'));
    const two = await users.create(newUser('usertwo'));
    for (const [hashValue, userId] of [['1a', one.id], ['1b', one.id], ['1c', one.id], ['2a', two.id]] as const) {
      await sessions.create({ tokenHash: hashValue, userId, persistent: false, createdAt: T0, expiresAt: at(60) });
    }
    await sessions.revokeAllForUser(one.id, '1c');
    expect(await sessions.findActive('1a', T0)).toBeUndefined();
    expect(await sessions.findActive('1c', T0)).toBeDefined();
    await sessions.revokeAllForUser(one.id);
    expect(await sessions.findActive('1c', T0)).toBeUndefined();
    expect(await sessions.findActive('2a', T0)).toBeDefined();
    await sessions.deleteExpired(at(61));
    expect(await sessions.findActive('2a', T0)).toBeUndefined();
  });

  it('keeps a second step: set-up replaced until enabled, each step and recovery code accepted once, even at once', async () => {
    const twoStep = new KyselyTwoStepRepository(database.handle.db);
    const user = await users.create(newUser('twostepper'));
    expect(await twoStep.startSetUp(user.id, 'sealed-1', T0)).toBe(true);
    expect(await twoStep.startSetUp(user.id, 'sealed-2', T0)).toBe(true);
    expect(await twoStep.find(user.id)).toEqual({ sealedSecret: 'sealed-2', enabled: false, lastStep: 0 });
    expect(await twoStep.acceptStep(user.id, 5)).toBe(false); // not on yet
    expect(await twoStep.enable(user.id, 100, ['h1', 'h2'])).toBe(true);
    expect(await twoStep.enable(user.id, 101, ['h3'])).toBe(false);
    expect(await twoStep.startSetUp(user.id, 'sealed-3', T0)).toBe(false);
    expect((await twoStep.find(user.id))?.sealedSecret).toBe('sealed-2');
    const steps = await Promise.all(Array.from({ length: 5 }, () => twoStep.acceptStep(user.id, 101)));
    expect(steps.filter(Boolean)).toHaveLength(1);
    expect(await twoStep.acceptStep(user.id, 100)).toBe(false);
    const spends = await Promise.all(Array.from({ length: 5 }, () => twoStep.useRecoveryCode(user.id, 'h1')));
    expect(spends.filter(Boolean)).toHaveLength(1);
    expect(await twoStep.recoveryCodesLeft(user.id)).toBe(1);
    await twoStep.createChallenge('c', { userId: user.id, persistent: true, expiresAt: at(5) });
    expect(await twoStep.findChallenge('c', at(4))).toEqual({ userId: user.id, persistent: true, expiresAt: at(5) });
    expect(await twoStep.findChallenge('c', at(5))).toBeUndefined();
    expect(await Promise.all([twoStep.takeChallenge('c'), twoStep.takeChallenge('c')])).toEqual(expect.arrayContaining([true, false]));
    await twoStep.remove(user.id);
    expect(await twoStep.find(user.id)).toBeUndefined();
    expect(await twoStep.recoveryCodesLeft(user.id)).toBe(0);
  });

  it('counts attempts per key in fixed windows, gives them back, clears and prunes them', async () => {
    const window = 15 * 60_000;
    expect(await throttle.count(['account:a', 'address:1'], at(0), window)).toEqual(
      expect.arrayContaining([
        { key: 'account:a', count: 1, windowEndsAt: new Date(at(0).getTime() + window) },
        { key: 'address:1', count: 1, windowEndsAt: new Date(at(0).getTime() + window) },
      ]),
    );
    const second = await throttle.count(['account:a'], at(5), window);
    expect(second).toEqual([{ key: 'account:a', count: 2, windowEndsAt: new Date(at(0).getTime() + window) }]);
    await throttle.refund(['account:a']);
    expect((await throttle.count(['account:a'], at(6), window))[0]?.count).toBe(2);
    // A window that ended starts again from one.
    expect((await throttle.count(['account:a'], new Date(at(0).getTime() + window + 1), window))[0]?.count).toBe(1);
    await throttle.clear('account:a');
    expect((await throttle.count(['account:a'], at(7), window))[0]?.count).toBe(1);
    await throttle.prune(at(8));
    expect((await throttle.count(['address:1'], at(9), window))[0]?.count).toBe(1);
    expect(await throttle.count([], at(9), window)).toEqual([]);
  });

  it('counts concurrent attempts atomically: fifty at once get fifty different counts', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => throttle.count(['pair:x|1', 'account:x'], at(0), 60_000)),
    );
    const counts = results.map((r) => r.find((c) => c.key === 'pair:x|1')?.count).sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('counts registration attempts per address in a window, with the oldest, and prunes them', async () => {
    expect(await registrations.attemptsSince('10.0.0.1', at(-1))).toEqual({ count: 0, oldest: undefined });
    await registrations.recordAttempt('10.0.0.1', at(0));
    await registrations.recordAttempt('10.0.0.1', at(30));
    await registrations.recordAttempt('10.0.0.2', at(10));
    expect(await registrations.attemptsSince('10.0.0.1', at(-1))).toEqual({ count: 2, oldest: at(0) });
    expect(await registrations.attemptsSince('10.0.0.1', at(0))).toEqual({ count: 1, oldest: at(30) });
    expect(await registrations.attemptsSince('10.0.0.2', at(-1))).toEqual({ count: 1, oldest: at(10) });
    await registrations.prune(at(10));
    expect(await registrations.attemptsSince('10.0.0.1', at(-1))).toEqual({ count: 1, oldest: at(30) });
    expect(await registrations.attemptsSince('10.0.0.2', at(-1))).toEqual({ count: 0, oldest: undefined });
  });
});
