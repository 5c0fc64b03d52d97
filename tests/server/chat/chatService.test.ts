import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyChatRepository } from '../../../server/adapters/db/chatRepository';
import { KyselyUserRepository } from '../../../server/adapters/db/userRepository';
import { MemoryChatHub } from '../../../server/adapters/ws/memoryChatHub';
import { ChatService } from '../../../server/domain/chat/chatService';
import type { ChatActor } from '../../../server/domain/chat/chatMessage';
import type { ChatEvent } from '../../../server/ports/chatHub';
import { backends, type TestDatabase } from '../support/databases';

const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);
const [sqlite] = await backends();

describe('ChatService with a controlled clock', () => {
  let database: TestDatabase;
  let now = T0;
  let chat: ChatService;
  let events: ChatEvent[];
  let admin: ChatActor;
  let alice: ChatActor;

  beforeEach(async () => {
    database = await sqlite!.open();
    now = T0;
    const users = new KyselyUserRepository(database.handle.db, () => new Date(T0));
    const hub = new MemoryChatHub();
    events = [];
    hub.subscribe((event) => events.push(event));
    chat = new ChatService({ messages: new KyselyChatRepository(database.handle.db), hub, users, clock: { now: () => new Date(now) } });
    const a = await users.create({ username: 'admin', nickName: '站长', passwordHash: 'h', avatar: '', role: 1 });
    const b = await users.create({ username: 'alice', nickName: '爱丽丝', passwordHash: 'h', avatar: '', role: 2 });
    admin = { id: a.id, nickName: a.nickName, avatar: '', role: 1 };
    alice = { id: b.id, nickName: b.nickName, avatar: '', role: 2 };
  });
  afterEach(() => database?.dispose());

  const send = (text: string, clientId: string) => chat.send(alice, { content: text, contentType: 'text', clientId });

  it('bars a kicked user from sending for exactly ten minutes', async () => {
    await chat.kick(admin, alice.id);
    expect(events).toContainEqual({ type: 'kick', userId: alice.id, nickName: '爱丽丝' });
    now = T0 + 10 * 60_000 - 1;
    await expect(send('还不行', 'k1')).rejects.toMatchObject({ reason: 'muted' });
    now = T0 + 10 * 60_000;
    await expect(send('可以了', 'k2')).resolves.toMatchObject({ duplicate: false });
    expect(await chat.activeBan(alice.id)).toBeUndefined();
  });

  it('stores and publishes concurrent sends of one client id once', async () => {
    const results = await Promise.all([send('同一条', 'same'), send('同一条', 'same'), send('同一条', 'same')]);
    expect(new Set(results.map((r) => r.message.id)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'message')).toHaveLength(1);
  });

  it('lets the rate limit recover after the window and mutes for the given minutes', async () => {
    for (let i = 0; i < 5; i++) await send(`第${i}条`, `r${i}`);
    await expect(send('第6条', 'r5')).rejects.toMatchObject({ reason: 'rate_limited' });
    now += 5_000;
    await send('第6条', 'r6');
    await chat.mute(admin, alice.id, 3);
    await expect(send('禁言中', 'm1')).rejects.toMatchObject({ reason: 'muted', message: '你已被管理员禁言，3 分钟后才能发言' });
    now += 3 * 60_000;
    await send('解除了', 'm2');
    await expect(chat.mute(alice, admin.id, 3)).rejects.toMatchObject({ reason: 'forbidden' });
    await expect(chat.kick(admin, admin.id)).rejects.toMatchObject({ message: '不能对自己这样做' });
  });
});
