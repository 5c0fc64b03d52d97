import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyChatRepository } from '../../../server/adapters/db/chatRepository';
import { KyselyUserRepository } from '../../../server/adapters/db/userRepository';
import { backends, type TestDatabase } from '../support/databases';

const at = (seconds: number) => new Date(Date.UTC(2026, 4, 1, 12, 0, seconds)).toISOString();

describe.each(await backends())('KyselyChatRepository on $name', (backend) => {
  let database: TestDatabase;
  let chat: KyselyChatRepository;
  let alice: number;
  let bobby: number;

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    chat = new KyselyChatRepository(database.handle.db);
    const users = new KyselyUserRepository(database.handle.db, () => new Date(at(0)));
    alice = (await users.create({ username: 'alice', nickName: '爱丽丝', passwordHash: 'h', avatar: '/media/a.webp', role: 2 })).id;
    bobby = (await users.create({ username: 'bobby', nickName: '鲍比', passwordHash: 'h', avatar: '', role: 2 })).id;
  });
  afterEach(() => database?.dispose());

  const send = (userId: number, n: number) =>
    chat.insert({ userId, content: `消息${n}`, contentType: 'text', clientId: `c${n}`, createdAt: at(n) });

  it('stores a message with its author’s name and avatar, and a client id once per user', async () => {
    const first = await send(alice, 1);
    expect(first.duplicate).toBe(false);
    expect(first.message).toMatchObject({ userId: alice, nickName: '爱丽丝', avatar: '/media/a.webp', content: '消息1', contentType: 'text', clientId: 'c1', createdAt: at(1) });
    const again = await chat.insert({ userId: alice, content: 'other text', contentType: 'text', clientId: 'c1', createdAt: at(2) });
    expect(again).toEqual({ message: first.message, duplicate: true });
    // The same client id from another user is another message.
    expect((await send(bobby, 1)).duplicate).toBe(false);
    expect(await chat.findByClientId(alice, 'c1')).toEqual(first.message);
    expect(await chat.findByClientId(alice, 'nope')).toBeUndefined();
  });

  it('stores one row when the same client id is inserted by racing writers', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => chat.insert({ userId: alice, content: 'x', contentType: 'text', clientId: 'race', createdAt: at(3) })),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.message.id)).size).toBe(1);
    expect(await chat.page(50)).toHaveLength(1);
  });

  it('pages newest first by last id, replays after an id, and keeps reverted ids as tombstones', async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 25; n++) ids.push((await send(n % 2 ? alice : bobby, n)).message.id);
    const first = await chat.page(10);
    expect(first.map((m) => m.id)).toEqual(ids.slice(15).reverse());
    const second = await chat.page(10, first.at(-1)!.id);
    expect(second.map((m) => m.id)).toEqual(ids.slice(5, 15).reverse());
    const third = await chat.page(10, second.at(-1)!.id);
    expect(third.map((m) => m.id)).toEqual(ids.slice(0, 5).reverse());

    expect((await chat.after(ids[19]!, 100)).map((m) => m.id)).toEqual(ids.slice(20));
    expect(await chat.after(ids[19]!, 2)).toHaveLength(2);

    expect(await chat.revert(ids[3]!, at(40))).toBe(true);
    expect(await chat.revert(ids[3]!, at(41))).toBe(false);
    expect(await chat.findById(ids[3]!)).toBeUndefined();
    expect((await chat.page(50)).map((m) => m.id)).not.toContain(ids[3]);
    expect(await chat.revertedAtOrBelow(ids[10]!, 10)).toEqual([ids[3]]);
    expect(await chat.revertedAtOrBelow(ids[2]!, 10)).toEqual([]);
    // A reverted send keeps its client id: resending it is not a new message.
    expect((await send(bobby, 4)).duplicate).toBe(true);
  });

  it('clears everything and remembers the highest id cleared', async () => {
    expect(await chat.clearedThroughId()).toBe(0);
    await send(alice, 1);
    const last = (await send(bobby, 2)).message.id;
    await chat.clear(alice, at(9));
    expect(await chat.page(10)).toEqual([]);
    expect(await chat.clearedThroughId()).toBe(last);
    const next = (await send(alice, 3)).message.id;
    expect(next).toBeGreaterThan(last);
  });

  it('records, replaces and lifts bans, and loses them and the messages with the user', async () => {
    expect(await chat.ban(alice)).toBeUndefined();
    await chat.setBan({ userId: alice, until: at(30), reason: 'kick' });
    expect(await chat.ban(alice)).toEqual({ userId: alice, until: at(30), reason: 'kick' });
    await chat.setBan({ userId: alice, until: at(50), reason: 'mute' });
    expect(await chat.ban(alice)).toEqual({ userId: alice, until: at(50), reason: 'mute' });
    await chat.liftBan(alice);
    expect(await chat.ban(alice)).toBeUndefined();

    await send(bobby, 1);
    await chat.setBan({ userId: bobby, until: at(30), reason: 'kick' });
    await database.handle.db.deleteFrom('user_account').where('id', '=', bobby).execute();
    expect(await chat.page(10)).toEqual([]);
    expect(await chat.ban(bobby)).toBeUndefined();
  });
});
