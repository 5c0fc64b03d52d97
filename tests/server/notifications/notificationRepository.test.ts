import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyNotificationRepository } from '../../../server/adapters/db/notificationRepository';
import { KyselyUserRepository } from '../../../server/adapters/db/userRepository';
import { backends, type TestDatabase } from '../support/databases';

const T0 = new Date('2026-05-01T00:00:00.000Z');

describe.each(await backends())('KyselyNotificationRepository on $name', (backend) => {
  let database: TestDatabase;
  let notifications: KyselyNotificationRepository;
  let ids: number[];

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    notifications = new KyselyNotificationRepository(database.handle.db);
    const users = new KyselyUserRepository(database.handle.db, () => T0);
    ids = [];
    for (const name of ['alice', 'bobby', 'carol']) {
      ids.push((await users.create({ username: name, nickName: name, passwordHash: 'h', avatar: '', role: 2 })).id);
    }
  });
  afterEach(() => database?.dispose());

  it('writes one unread notice per registered user in one go, with its type, text and target', async () => {
    expect(await notifications.insertForAllUsers({ type: 1, message: '新文章：<b>听雨</b>', toId: 42 }, T0)).toBe(3);
    for (const id of ids) {
      const page = await notifications.page(id, 0, 10);
      expect(page.total).toBe(1);
      expect(page.list[0]).toMatchObject({ userId: id, type: 1, message: '新文章：<b>听雨</b>', toId: 42, isView: 1, createdAt: T0.toISOString() });
    }
    expect(await notifications.insertForAllUsers({ type: 4, message: '公告', toId: null }, T0)).toBe(3);
    expect((await notifications.page(ids[0]!, 0, 10)).list[0]).toMatchObject({ type: 4, toId: null });
  });

  it('pages a user’s own notices newest first and counts the unread', async () => {
    const [alice, bobby] = ids as [number, number];
    for (let i = 1; i <= 12; i++) await notifications.insertForUser(alice, { type: 3, message: `m${i}`, toId: null }, T0);
    await notifications.insertForUser(bobby, { type: 3, message: 'not alice', toId: null }, T0);
    const first = await notifications.page(alice, 0, 10);
    const second = await notifications.page(alice, 10, 10);
    expect(first.total).toBe(12);
    expect(first.list.map((n) => n.message)).toEqual(['m12', 'm11', 'm10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3']);
    expect(second.list.map((n) => n.message)).toEqual(['m2', 'm1']);
    expect(await notifications.unreadCount(alice)).toBe(12);

    const target = first.list[0]!.id;
    expect(await notifications.findOwner(target)).toBe(alice);
    await notifications.markRead(target);
    expect(await notifications.unreadCount(alice)).toBe(11);
    expect((await notifications.page(alice, 0, 1)).list[0]).toMatchObject({ id: target, isView: 0 });
    await notifications.delete(target);
    expect(await notifications.findOwner(target)).toBeUndefined();
    expect((await notifications.page(alice, 0, 10)).total).toBe(11);
  });

  it('loses a user’s notices with the user', async () => {
    const [alice] = ids as [number];
    await notifications.insertForUser(alice, { type: 3, message: 'bye', toId: null }, T0);
    await database.handle.db.deleteFrom('user_account').where('id', '=', alice).execute();
    expect((await notifications.page(alice, 0, 10)).total).toBe(0);
  });
});
