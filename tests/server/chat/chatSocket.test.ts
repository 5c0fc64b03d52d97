import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KyselyChatRepository } from '../../../server/adapters/db/chatRepository';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import type { ChatListDto, ServerFrame } from '../../../src/protocol/chat';
import { createAccountServices } from '../../../server/accountServices';
import { MARKER, signUp, startAccountsServer, testHasher, type AccountsServer } from '../accounts/support';
import { cid, connect, isAck, isMessage, isTips, join, type ChatClient } from './support';

type User = Awaited<ReturnType<typeof signUp>>;

let site: AccountsServer;
let baseUrl: string;
let database: DatabaseHandle;
let admin: User;
const clients: ChatClient[] = [];

async function open(options: Parameters<typeof join>[1] = {}) {
  const joined = await join(baseUrl, options);
  clients.push(joined.client);
  return joined;
}

async function loginAdmin(): Promise<User> {
  const response = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: 'admin', password: site.adminPassword } });
  const token = response.cookies.find((c) => c.name === 'blog_session')!.value;
  return { username: 'admin', password: site.adminPassword, id: response.json().result.id, token, cookie: `blog_session=${token}` };
}

/** Sends a text and waits for its acknowledgement. */
async function say(client: ChatClient, content: string, clientId = cid()) {
  client.send({ type: 'message', content, content_type: 'text', client_id: clientId });
  const ack = await client.waitFor<Extract<ServerFrame, { type: 'ack' }>>(isAck(clientId), `ack of ${clientId}`);
  return { clientId, id: ack.id, ack };
}

beforeEach(async () => {
  site = await startAccountsServer();
  baseUrl = (await site.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  database = openDatabase({ dataDir: site.dataDir });
  admin = await loginAdmin();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await database.close();
  await site.close();
});

describe('the chat socket at /ws/', () => {
  it("takes the spec's own frames: a message without client_id is stored, acknowledged and broadcast; a joiner gets onlineList after init", async () => {
    const alice = await signUp(site, { nickName: '爱丽丝' });
    const bob = await signUp(site, { nickName: '鲍勃' });
    const { client: watcher } = await open({ cookie: bob.cookie });
    const { client } = await open({ cookie: alice.cookie });
    // Right after init, the online list as its own frame, as the spec's client expects it, with both users.
    const initAt = client.frames.findIndex((f) => f.type === 'init');
    const listed = await client.waitFor((f) => f.type === 'onlineList', 'the online list after init');
    expect(client.frames.indexOf(listed)).toBe(initAt + 1);
    expect(listed.type === 'onlineList' && listed.list.map((u) => u.user_id).sort()).toEqual([alice.id, bob.id].sort());

    client.send({ type: 'message', user_id: alice.id, content: '规范里的消息帧', content_type: 'text' });
    const ack = await client.waitFor<Extract<ServerFrame, { type: 'ack' }>>((f) => f.type === 'ack', 'the ack');
    expect(ack.client_id).toMatch(/^server-/);
    const heard = await watcher.waitFor(isMessage((m) => m.content === '规范里的消息帧'), 'the broadcast');
    expect(heard).toMatchObject({ id: ack.id, user_id: alice.id, nick_name: '爱丽丝' });
    expect(client.count((f) => f.type === 'tips')).toBe(0);
  });

  it('takes the user from the session, never from a user_id in a frame', async () => {
    const alice = await signUp(site, { nickName: '爱丽丝' });
    const { client, init } = await open({ cookie: alice.cookie });
    expect(init.me).toMatchObject({ user_id: alice.id, nick_name: '爱丽丝', role: 2, muted_until: null });
    client.send({ type: 'init', user_id: admin.id });
    await client.waitFor((f) => f.type === 'init' && f !== init, 'second init');
    expect(client.frames.filter((f) => f.type === 'init').every((f) => f.type === 'init' && f.me?.user_id === alice.id)).toBe(true);

    const clientId = cid();
    client.send({ type: 'message', content: '我是管理员（才不是）', content_type: 'text', client_id: clientId, user_id: admin.id });
    const frame = await client.waitFor(isMessage((m) => m.client_id === clientId), 'the broadcast');
    expect(frame).toMatchObject({ user_id: alice.id, nick_name: '爱丽丝', content: '我是管理员（才不是）', content_type: 'text' });
    // Kicking is the administrator's, whatever the frame claims.
    client.send({ type: 'offline', user_id: admin.id });
    expect(await client.waitFor(isTips('forbidden'), 'refusal')).toMatchObject({ content: '只有管理员可以这样做' });
  });

  it('accepts the bearer token as well as the cookie', async () => {
    const bob = await signUp(site);
    const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: bob.username, password: bob.password, bearer: true } });
    const { init } = await open({ token: login.json().result.token });
    expect(init.me?.user_id).toBe(bob.id);
  });

  it('refuses an upgrade from a foreign Origin before any frame', async () => {
    const alice = await signUp(site);
    await expect(connect(baseUrl, { cookie: alice.cookie, origin: 'https://evil.example' })).rejects.toThrow('upgrade refused: 403');
    await expect(connect(baseUrl, { origin: 'null' })).rejects.toThrow('upgrade refused: 403');
    const same = await open({ cookie: alice.cookie, origin: baseUrl });
    expect(same.init.me?.user_id).toBe(alice.id);
  });

  it('an account still on a generated password joins as a visitor until it sets its own', async () => {
    const alice = await signUp(site);
    const password = await createAccountServices(database.db, { secret: () => 'test-secret', hasher: testHasher }).accounts.resetPassword(alice.username);
    const login = await site.call({ method: 'POST', url: '/api/user/login', payload: { username: alice.username, password } });
    const cookie = `blog_session=${login.cookies.find((c) => c.name === 'blog_session')!.value}`;
    const { client, init } = await open({ cookie });
    expect(init.me).toBeNull();
    const clientId = cid();
    client.send({ type: 'message', content: '你好', content_type: 'text', client_id: clientId });
    await client.waitFor(isTips('login_required', clientId), 'refusal');
  });

  it('lets a visitor read but not send or kick', async () => {
    const alice = await signUp(site);
    const { client: writer } = await open({ cookie: alice.cookie });
    const { client: visitor, init } = await open();
    expect(init.me).toBeNull();
    const clientId = cid();
    visitor.send({ type: 'message', content: '你好', content_type: 'text', client_id: clientId });
    expect(await visitor.waitFor(isTips('login_required', clientId), 'refusal')).toMatchObject({ content: '请先登录' });
    visitor.send({ type: 'offline', user_id: alice.id });
    await visitor.waitFor((f) => f.type === 'tips' && f.message === 'login_required' && f.client_id === undefined, 'kick refusal');
    const { id } = await say(writer, '大家好');
    await visitor.waitFor(isMessage((m) => m.id === id), 'the visitor reads');
    expect(visitor.count((f) => f.type === 'message')).toBe(1);
  });

  it('closes the socket on a frame above 16 KiB and answers malformed frames with tips', async () => {
    const alice = await signUp(site);
    const { client } = await open({ cookie: alice.cookie });
    client.sendRaw('{"type":');
    await client.waitFor(isTips('invalid_frame'), 'invalid JSON refused');
    client.send({ type: 'message', content: 'x', content_type: 'video', client_id: 'bad-1' });
    await client.waitFor(isTips('invalid_frame', 'bad-1'), 'unknown content type refused');
    client.send({ type: 'message', content: 'x'.repeat(17 * 1024), content_type: 'text', client_id: cid() });
    expect((await client.closed).code).toBe(1009);
  });

  it('refuses empty, too long and foreign-image messages with a Chinese tips', async () => {
    const alice = await signUp(site);
    const { client } = await open({ cookie: alice.cookie });
    const cases = [
      { content: '   ', content_type: 'text', code: 'empty', text: '请输入消息内容' },
      { content: '长'.repeat(501), content_type: 'text', code: 'too_long', text: '消息太长了，最多 500 个字' },
      { content: 'https://evil.example/a.png', content_type: 'image', code: 'invalid_image', text: '只能发送本站上传的图片' },
    ] as const;
    for (const { content, content_type, code, text } of cases) {
      const clientId = cid();
      client.send({ type: 'message', content, content_type, client_id: clientId });
      expect(await client.waitFor(isTips(code, clientId), code)).toMatchObject({ content: text });
    }
    const image = cid();
    client.send({ type: 'message', content: '/media/0123456789abcdef01234567.webp', content_type: 'image', client_id: image });
    expect(await client.waitFor(isMessage((m) => m.client_id === image), 'image message')).toMatchObject({ content_type: 'image' });
    await say(client, '长'.repeat(500));
  });

  it('limits a flood to 5 messages in 5 s and refuses the same text twice within 10 s', async () => {
    const alice = await signUp(site);
    const { client } = await open({ cookie: alice.cookie });
    const ids = Array.from({ length: 7 }, () => cid('flood'));
    ids.forEach((clientId, n) => client.send({ type: 'message', content: `第${n}条`, content_type: 'text', client_id: clientId }));
    for (const clientId of ids.slice(0, 5)) await client.waitFor(isAck(clientId), 'ack');
    for (const clientId of ids.slice(5)) {
      expect(await client.waitFor(isTips('rate_limited', clientId), 'rate limit')).toMatchObject({ content: '发送太频繁，请稍后再试' });
    }
    expect(client.count((f) => f.type === 'message')).toBe(5);

    const bob = await signUp(site);
    const { client: other } = await open({ cookie: bob.cookie });
    await say(other, '在吗');
    const again = cid();
    other.send({ type: 'message', content: ' 在吗 ', content_type: 'text', client_id: again });
    expect(await other.waitFor(isTips('duplicate', again), 'duplicate')).toMatchObject({ content: '请不要重复发送相同内容' });
  });

  it('stores and broadcasts a resent client id once, acknowledging every copy with the same id', async () => {
    const alice = await signUp(site);
    const { client: observer } = await open();
    const { client: first } = await open({ cookie: alice.cookie });
    const { client: second } = await open({ cookie: alice.cookie });
    const clientId = cid('once');
    const frame = { type: 'message', content: '只发一次', content_type: 'text', client_id: clientId } as const;
    // Two tabs racing with the same id, then a resend after a reconnect.
    first.send(frame);
    second.send(frame);
    const [a, b] = await Promise.all([first.waitFor(isAck(clientId)), second.waitFor(isAck(clientId))]);
    expect(a.type === 'ack' && b.type === 'ack' && a.id === b.id).toBe(true);
    await first.close();
    const { client: reconnected } = await open({ cookie: alice.cookie });
    reconnected.send(frame);
    const resent = await reconnected.waitFor(isAck(clientId));
    expect(resent).toMatchObject({ duplicate: true, id: a.type === 'ack' ? a.id : 0 });

    const marker = await say(reconnected, '之后的一条');
    await observer.waitFor(isMessage((m) => m.id === marker.id), 'the marker');
    expect(observer.count(isMessage((m) => m.client_id === clientId))).toBe(1);
    const list = (await site.call({ method: 'POST', url: '/api/chat/getChatList', payload: { size: 10 } })).json().result as ChatListDto;
    expect(list.list.filter((m) => m.client_id === clientId)).toHaveLength(1);
  });

  it('replays what a client missed after a reconnect with its last seen id, and the reverts it missed', async () => {
    const alice = await signUp(site);
    const bob = await signUp(site);
    const { client: writer } = await open({ cookie: bob.cookie });
    const before = await say(writer, '第一条');
    const kept = await say(writer, '第二条');
    const { client: reader, init } = await open({ cookie: alice.cookie });
    expect(init.mode).toBe('recent');
    expect(init.list.map((m) => m.id)).toEqual([before.id, kept.id]);
    await reader.close();

    const missed1 = await say(writer, '你掉线时的消息一');
    const missed2 = await say(writer, '你掉线时的消息二');
    const revert = await site.call({ method: 'DELETE', url: `/api/chat/deleteOne/${before.id}`, headers: { cookie: bob.cookie } });
    expect(revert.json().code).toBe(0);

    const { init: replay } = await open({ cookie: alice.cookie, lastId: kept.id });
    expect(replay.mode).toBe('missed');
    expect(replay.list.map((m) => m.content)).toEqual(['你掉线时的消息一', '你掉线时的消息二']);
    expect(replay.list.map((m) => m.id)).toEqual([missed1.id, missed2.id]);
    expect(replay.reverted).toEqual([before.id]);
    expect(replay.online.map((u) => u.user_id).sort()).toEqual([alice.id, bob.id].sort());
  });

  it('lets the author revert within two minutes but not after, an administrator always, others never; the room hears it', async () => {
    const alice = await signUp(site);
    const bob = await signUp(site);
    const { client: author } = await open({ cookie: alice.cookie });
    const { client: observer } = await open({ cookie: bob.cookie });
    const own = await say(author, '说错了');
    const old = await say(author, '很久以前');
    const byAdmin = await say(author, '管理员来删');
    await database.db
      .updateTable('chat_message')
      .set({ created_at: new Date(Date.now() - 2 * 60_000 - 1_000).toISOString() })
      .where('id', 'in', [old.id, byAdmin.id])
      .execute();
    const revert = (id: number, user: User) =>
      site.call({ method: 'DELETE', url: `/api/chat/deleteOne/${id}`, headers: { cookie: user.cookie } });

    const foreign = await revert(own.id, bob);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('只能撤回自己的消息');
    const late = await revert(old.id, alice);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('只能撤回两分钟内发送的消息');
    expect((await revert(own.id, alice)).json().code).toBe(0);
    expect((await revert(byAdmin.id, admin)).json().code).toBe(0);
    expect((await revert(own.id, alice)).statusCode).toBe(404);
    const visitor = await site.call({ method: 'DELETE', url: `/api/chat/deleteOne/${old.id}` });
    expect(visitor.statusCode).toBe(401);

    for (const client of [author, observer]) {
      await client.waitFor((f) => f.type === 'revert' && f.message_id === own.id, 'revert of own');
      await client.waitFor((f) => f.type === 'revert' && f.message_id === byAdmin.id, 'revert by admin');
    }
    expect(observer.count((f) => f.type === 'revert')).toBe(2);
    const list = (await site.call({ method: 'POST', url: '/api/chat/getChatList', payload: { size: 10 } })).json().result as ChatListDto;
    expect(list.list.map((m) => m.id)).toEqual([old.id]);
  });

  it('kicks: the target gets offline and is closed, the room a tips, and the target cannot send for ten minutes', async () => {
    const alice = await signUp(site, { nickName: '捣蛋鬼' });
    const bob = await signUp(site);
    const { client: adminSocket } = await open({ cookie: admin.cookie });
    const { client: tab1 } = await open({ cookie: alice.cookie });
    const { client: tab2 } = await open({ cookie: alice.cookie });
    const { client: observer } = await open({ cookie: bob.cookie });
    await observer.waitFor((f) => f.type === 'onlineList' && f.list.some((u) => u.user_id === alice.id) || f.type === 'init' && f.online.some((u) => u.user_id === alice.id), 'alice online');

    adminSocket.send({ type: 'offline', user_id: admin.id });
    await adminSocket.waitFor(isTips('forbidden'), 'no self-kick');
    adminSocket.send({ type: 'offline', user_id: alice.id });
    for (const tab of [tab1, tab2]) {
      expect(await tab.waitFor((f) => f.type === 'offline', 'offline frame')).toMatchObject({ user_id: alice.id, content: '你已被管理员踢下线' });
      expect((await tab.closed).code).toBe(4001);
    }
    expect(await observer.waitFor(isTips('kicked'), 'room tips')).toMatchObject({ content: '用户 捣蛋鬼 被管理员踢下线' });
    await observer.waitFor((f) => f.type === 'onlineList' && !f.list.some((u) => u.user_id === alice.id), 'alice offline');

    const { client: back, init } = await open({ cookie: alice.cookie });
    const until = Date.parse(init.me?.muted_until ?? '');
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const clientId = cid();
    back.send({ type: 'message', content: '我又回来了', content_type: 'text', client_id: clientId });
    expect(await back.waitFor(isTips('muted', clientId), 'still banned')).toMatchObject({ content: '你已被管理员踢下线，10 分钟后才能再发言' });
    expect(observer.count((f) => f.type === 'message')).toBe(0);

    // A timed mute, and lifting it.
    adminSocket.send({ type: 'mute', user_id: bob.id, minutes: 5 });
    expect(await observer.waitFor(isTips('user_muted'), 'mute notice')).toMatchObject({ content: expect.stringContaining('禁言 5 分钟') });
    const muted = cid();
    observer.send({ type: 'message', content: '我被禁言了吗', content_type: 'text', client_id: muted });
    expect(await observer.waitFor(isTips('muted', muted), 'muted')).toMatchObject({ content: '你已被管理员禁言，5 分钟后才能发言' });
    adminSocket.send({ type: 'mute', user_id: bob.id, minutes: 0 });
    await observer.waitFor(isTips('user_unmuted'), 'unmute notice');
    await say(observer, '我又能说话了');
  });

  it('clears everything for the administrator only, and every open room empties', async () => {
    const alice = await signUp(site);
    const { client: writer } = await open({ cookie: alice.cookie });
    const { client: visitor } = await open();
    const last = await say(writer, '马上就没了');
    const refused = await site.call({ method: 'POST', url: '/api/chat/delete', headers: { cookie: alice.cookie } });
    expect(refused.statusCode).toBe(403);
    const cleared = await site.call({ method: 'POST', url: '/api/chat/delete', headers: { cookie: admin.cookie } });
    expect(cleared.json()).toMatchObject({ code: 0 });
    await writer.waitFor((f) => f.type === 'clear', 'clear');
    await visitor.waitFor((f) => f.type === 'clear', 'clear');
    const list = (await site.call({ method: 'POST', url: '/api/chat/getChatList', payload: { size: 10 } })).json().result as ChatListDto;
    expect(list.list).toEqual([]);
    // A client that held the cleared messages starts afresh instead of keeping them.
    const { init } = await open({ lastId: last.id });
    expect(init).toMatchObject({ mode: 'recent', list: [] });
  });

  it('pages getChatList newest first by last_id, for visitors too', async () => {
    const alice = await signUp(site);
    const chat = new KyselyChatRepository(database.db);
    const ids: number[] = [];
    for (let n = 1; n <= 23; n++) {
      ids.push((await chat.insert({ userId: alice.id, content: `历史${n}`, contentType: 'text', clientId: `h${n}`, createdAt: new Date().toISOString() })).message.id);
    }
    const page = async (body: Record<string, unknown>) => {
      const response = await site.app.inject({ method: 'POST', url: '/api/chat/getChatList', payload: body, headers: MARKER });
      expect(response.statusCode).toBe(200);
      return (response.json().result as ChatListDto).list;
    };
    const first = await page({ size: 10, last_id: 0 });
    expect(first.map((m) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `历史${23 - i}`));
    const second = await page({ size: 10, last_id: first.at(-1)!.id });
    expect(second.map((m) => m.id)).toEqual(ids.slice(3, 13).reverse());
    const third = await page({ size: 10, last_id: second.at(-1)!.id });
    expect(third.map((m) => m.id)).toEqual(ids.slice(0, 3).reverse());
    expect(await page({ size: 10, last_id: ids[0] })).toEqual([]);
    const invalid = await site.app.inject({ method: 'POST', url: '/api/chat/getChatList', payload: { size: 500 }, headers: MARKER });
    expect(invalid.statusCode).toBe(400);
  });
});
