import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyMessageRepository } from '../../../server/adapters/db/content/messageRepository';
import { KyselyUserRepository } from '../../../server/adapters/db/userRepository';
import { backends, type TestDatabase } from '../support/databases';

const T0 = new Date('2026-05-01T00:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000).toISOString();

describe.each(await backends())('KyselyMessageRepository replies on $name', (backend) => {
  let database: TestDatabase;
  let board: KyselyMessageRepository;
  let alice: number;
  let bobby: number;
  let post: number;

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    board = new KyselyMessageRepository(database.handle.db);
    const users = new KyselyUserRepository(database.handle.db, () => T0);
    alice = (await users.create({ username: 'alice', nickName: '爱丽丝', passwordHash: 'h', avatar: '/media/a.png', role: 2 })).id;
    bobby = (await users.create({ username: 'bobby', nickName: '鲍比', passwordHash: 'h', avatar: '', role: 2 })).id;
    post = await board.add({ content: '雨夜留言', color: '', bgImage: '', userId: alice, nickName: '爱丽丝', avatar: '', likes: 0, createdAt: at(0) });
  });
  afterEach(() => database?.dispose());

  it('stores replies and lists a post’s thread oldest first, ties broken by id, with each author’s current name', async () => {
    const later = await board.addReply({ messageId: post, userId: bobby, content: '第二条', createdAt: at(5) });
    const first = await board.addReply({ messageId: post, userId: alice, content: '第一条', createdAt: at(1) });
    const tie = await board.addReply({ messageId: post, userId: bobby, content: '同一时刻', createdAt: at(5) });
    expect([later, first, tie].every((id) => typeof id === 'number')).toBe(true);
    await database.handle.db.updateTable('user_account').set({ nick_name: '新鲍比' }).where('id', '=', bobby).execute();

    const thread = await board.replies(post);
    expect(thread.map((r) => r.content)).toEqual(['第一条', '第二条', '同一时刻']);
    expect(thread[0]).toEqual({ id: first, messageId: post, content: '第一条', userId: alice, nickName: '爱丽丝', avatar: '/media/a.png', createdAt: at(1) });
    expect(thread[1]).toMatchObject({ userId: bobby, nickName: '新鲍比' });
    expect(await board.findReply(tie!)).toMatchObject({ content: '同一时刻', messageId: post });
    expect(await board.findReply(9999)).toBeUndefined();
  });

  it('counts replies on each post in the list and the single read', async () => {
    const other = await board.add({ content: '另一条', color: '', bgImage: '', userId: bobby, nickName: '鲍比', avatar: '', likes: 0, createdAt: at(1) });
    for (let i = 0; i < 3; i++) await board.addReply({ messageId: post, userId: bobby, content: `回复${i}`, createdAt: at(2 + i) });
    expect((await board.find(post, null))?.replyCount).toBe(3);
    expect((await board.find(other, alice))?.replyCount).toBe(0);
    const { items } = await board.list({ offset: 0, limit: 10 }, null);
    expect(items.map((m) => [m.id, m.replyCount])).toEqual([
      [other, 0],
      [post, 3],
    ]);
  });

  it('refuses a reply to a post that is gone without writing anything', async () => {
    expect(await board.addReply({ messageId: post + 1000, userId: bobby, content: '迟到', createdAt: at(1) })).toBeUndefined();
    const rows = await database.handle.db.selectFrom('message_reply').select('id').execute();
    expect(rows).toEqual([]);
  });

  it('removes one reply, and all of them with their post or with their author', async () => {
    const mine = await board.addReply({ messageId: post, userId: alice, content: '自己回复', createdAt: at(1) });
    await board.addReply({ messageId: post, userId: bobby, content: '鲍比回复', createdAt: at(2) });
    await board.removeReply(mine!);
    expect((await board.replies(post)).map((r) => r.content)).toEqual(['鲍比回复']);

    await database.handle.db.deleteFrom('user_account').where('id', '=', bobby).execute();
    expect(await board.replies(post)).toEqual([]);

    await board.addReply({ messageId: post, userId: alice, content: '再来一条', createdAt: at(3) });
    await board.remove(post);
    const rows = await database.handle.db.selectFrom('message_reply').select('id').execute();
    expect(rows).toEqual([]);
  });
});
