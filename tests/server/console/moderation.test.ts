import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../src/protocol/chat';
import type { ChatBanDto, ConsoleBoardPageDto, ConsoleBoardReplyDto, ConsoleChatPageDto } from '../../../src/protocol/console/moderation';
import type { MessageDto, MessagePageDto, MessageReplyDto } from '../../../src/protocol/content';
import * as zhCN from '../../../src/i18n/zh-CN';
import { cid, isAck, isTips, join, type ChatClient } from '../chat/support';
import { backends } from '../support/databases';
import { body, describeOnTwoInstances, peopleData, startInstance, type PeopleData, type PeopleSite, type Person } from './peopleSite';

/**
 * The console's moderation calls on SQLite and PostgreSQL: the chat room's history, deletions, mutes, kicks
 * and bans, as connected readers see them; the message board's hidden and deleted posts and replies, as the
 * board's own calls then answer them. And a mute set on one instance holding on another over Redis.
 */

const ROUTES = [
  ['GET', '/api/admin/chat/messages?current=1&size=10'],
  ['DELETE', '/api/admin/chat/messages/1'],
  ['GET', '/api/admin/chat/online'],
  ['GET', '/api/admin/chat/bans'],
  ['PUT', '/api/admin/chat/bans/1'],
  ['DELETE', '/api/admin/chat/bans/1'],
  ['POST', '/api/admin/chat/kick/1'],
  ['GET', '/api/admin/board/posts?current=1&size=10'],
  ['GET', '/api/admin/board/posts/1/replies'],
  ['PUT', '/api/admin/board/posts/1/hidden'],
  ['DELETE', '/api/admin/board/posts/1'],
  ['PUT', '/api/admin/board/replies/1/hidden'],
  ['DELETE', '/api/admin/board/replies/1'],
] as const;

const MINUTE = 60_000;

describe.each(await backends())('console moderation on $name', (backend) => {
  let data: PeopleData;
  let site: PeopleSite;
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await peopleData(backend.name);
    site = await startInstance(data);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await site?.close();
    await data?.dispose();
  });

  const test = it.skipIf(backend.skipReason !== undefined);

  async function enter(person: Person) {
    const joined = await join(site.url, { cookie: person.cookie });
    clients.push(joined.client);
    return joined.client;
  }

  async function say(client: ChatClient, content: string) {
    const clientId = cid('mod');
    client.send({ type: 'message', content, content_type: 'text', client_id: clientId });
    const ack = await client.waitFor<Extract<ServerFrame, { type: 'ack' }>>(isAck(clientId), `ack of ${content}`);
    return ack.id;
  }

  const chatPage = async (query: string) =>
    body<ConsoleChatPageDto>(await site.admin({ method: 'GET', url: `/api/admin/chat/messages?current=1&size=50&${query}` })).result;

  test('every call refuses a visitor (401) and a user (403) with the Chinese messages', async () => {
    const user = await site.signUp();
    for (const [method, url] of ROUTES) {
      const visitor = await site.call({ method, url, payload: method === 'PUT' ? { hidden: true, minutes: 10 } : undefined });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(body(visitor).message).toBe(zhCN.account.server.loginRequired);
      const member = await site.call({ method, url, headers: { cookie: user.cookie }, payload: method === 'PUT' ? { hidden: true, minutes: 10 } : undefined });
      expect(member.statusCode, `${method} ${url}`).toBe(403);
      expect(body(member).message).toBe(zhCN.account.server.adminRequired);
    }
  });

  test('refuses bad input with 400 and a Chinese message', async () => {
    const target = await site.signUp();
    const cases = [
      { method: 'GET', url: '/api/admin/chat/messages?current=0&size=10' },
      { method: 'GET', url: '/api/admin/chat/messages?current=1&size=51' },
      { method: 'GET', url: `/api/admin/chat/messages?current=1&size=10&text=${'长'.repeat(51)}` },
      { method: 'DELETE', url: '/api/admin/chat/messages/abc' },
      { method: 'PUT', url: `/api/admin/chat/bans/${target.id}`, payload: {} },
      { method: 'PUT', url: `/api/admin/chat/bans/${target.id}`, payload: { minutes: 10, until: new Date(Date.now() + MINUTE).toISOString() } },
      { method: 'PUT', url: `/api/admin/chat/bans/${target.id}`, payload: { minutes: 0 } },
      { method: 'PUT', url: `/api/admin/chat/bans/${target.id}`, payload: { minutes: '10' } },
      { method: 'PUT', url: `/api/admin/chat/bans/${target.id}`, payload: { until: '明天' } },
      { method: 'PUT', url: `/api/admin/chat/bans/${target.id}`, payload: { until: new Date(Date.now() - MINUTE).toISOString() } },
      { method: 'PUT', url: `/api/admin/chat/bans/${target.id}`, payload: { until: new Date(Date.now() + 31 * 1440 * MINUTE).toISOString() } },
      { method: 'PUT', url: `/api/admin/chat/bans/${site.administrator.id}`, payload: { minutes: 10 } },
      { method: 'POST', url: `/api/admin/chat/kick/${site.administrator.id}` },
      { method: 'GET', url: '/api/admin/board/posts?current=1&size=10&status=gone' },
      { method: 'PUT', url: '/api/admin/board/posts/1/hidden', payload: { hidden: 'yes' } },
      { method: 'DELETE', url: '/api/admin/board/replies/0' },
    ] as const;
    for (const request of cases) {
      const response = await site.admin(request);
      expect(response.statusCode, JSON.stringify(request)).toBe(400);
      expect(body(response).message, JSON.stringify(request)).toMatch(/\p{Script=Han}/u);
    }
    const messages = await Promise.all(cases.slice(4, 12).map(async (request) => body(await site.admin(request)).message));
    expect(messages).toEqual([
      zhCN.consoleModeration.server.muteChoice,
      zhCN.consoleModeration.server.muteChoice,
      expect.stringContaining(zhCN.server.invalidRequest),
      expect.stringContaining(zhCN.server.invalidRequest),
      zhCN.consoleModeration.server.muteTime,
      zhCN.chat.muteInPast,
      zhCN.chat.muteTooLong(30),
      zhCN.chat.cannotTargetSelf,
    ]);
    // Nobody was muted by any of it.
    expect(body<ChatBanDto[]>(await site.admin({ method: 'GET', url: '/api/admin/chat/bans' })).result).toEqual([]);
    const unknown = await site.admin({ method: 'PUT', url: '/api/admin/chat/bans/2147483647', payload: { minutes: 10 } });
    expect([unknown.statusCode, body(unknown).message]).toEqual([404, zhCN.chat.userNotFound]);
  });

  test('searches the history by author and by text, paged, and deletes a message from every reader’s room', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const alice = await site.signUp(`爱丽丝${tag}`);
    const bob = await site.signUp(`鲍勃${tag}`);
    const aliceRoom = await enter(alice);
    const bobRoom = await enter(bob);
    const ids: number[] = [];
    for (let i = 1; i <= 3; i++) ids.push(await say(aliceRoom, `下雨天 ${tag} 第${i}条 100%_真`));
    const bobs = await say(bobRoom, `晴天 ${tag}`);

    const byAuthor = await chatPage(`user=${encodeURIComponent(`爱丽丝${tag}`)}`);
    expect(byAuthor.total).toBe(3);
    expect(byAuthor.list.map((m) => m.id)).toEqual([...ids].reverse());
    expect(byAuthor.list[0]).toMatchObject({ userId: alice.id, username: alice.username, nickName: `爱丽丝${tag}`, contentType: 'text' });
    // By username too, and by one account.
    expect((await chatPage(`user=${encodeURIComponent(bob.username.toUpperCase())}`)).list.map((m) => m.id)).toEqual([bobs]);
    expect((await chatPage(`userId=${bob.id}`)).total).toBe(1);
    // Text: literal % and _, any letter case; combined with the author.
    expect((await chatPage(`text=${encodeURIComponent('100%_')}`)).total).toBe(3);
    expect((await chatPage(`text=${encodeURIComponent('0%x')}`)).total).toBe(0);
    expect((await chatPage(`text=${tag.toUpperCase()}&user=${encodeURIComponent('鲍勃')}`)).list.map((m) => m.id)).toEqual([bobs]);
    const second = body<ConsoleChatPageDto>(
      await site.admin({ method: 'GET', url: `/api/admin/chat/messages?current=2&size=2&text=${tag}` }),
    ).result;
    expect(second).toMatchObject({ total: 4, current: 2, size: 2 });
    expect(second.list.map((m) => m.id)).toEqual([ids[1], ids[0]]);

    const removed = await site.admin({ method: 'DELETE', url: `/api/admin/chat/messages/${ids[0]}` });
    expect(body(removed).code).toBe(0);
    await bobRoom.waitFor((f) => f.type === 'revert' && f.message_id === ids[0], 'revert frame in the room');
    expect((await chatPage(`text=${tag}`)).total).toBe(3);
    const again = await site.admin({ method: 'DELETE', url: `/api/admin/chat/messages/${ids[0]}` });
    expect([again.statusCode, body(again).message]).toEqual([404, zhCN.chat.messageNotFound]);
    const history = body<{ list: { id: number }[] }>(await site.call({ method: 'POST', url: '/api/chat/getChatList', payload: { size: 50 } })).result;
    expect(history.list.map((m) => m.id)).not.toContain(ids[0]);
  });

  test('mutes for a preset or until a chosen time, lists the bans, lifts them, and kicks', async () => {
    const carol = await site.signUp('卡罗尔');
    const dave = await site.signUp('戴夫');
    const carolRoom = await enter(carol);
    const daveRoom = await enter(dave);

    const online = body<{ userId: number }[]>(await site.admin({ method: 'GET', url: '/api/admin/chat/online' })).result;
    expect(online.map((u) => u.userId)).toEqual(expect.arrayContaining([carol.id, dave.id]));

    const before = Date.now();
    const muted = body<ChatBanDto>(await site.admin({ method: 'PUT', url: `/api/admin/chat/bans/${carol.id}`, payload: { minutes: 60 } })).result;
    expect(muted).toMatchObject({ userId: carol.id, username: carol.username, nickName: '卡罗尔', reason: 'mute' });
    expect(Date.parse(muted.until)).toBeGreaterThanOrEqual(before + 60 * MINUTE);
    expect(Date.parse(muted.until)).toBeLessThanOrEqual(Date.now() + 60 * MINUTE);
    // The room is told (the muted user too), and the muted user cannot send.
    for (const room of [carolRoom, daveRoom]) {
      expect(await room.waitFor(isTips('user_muted'), 'mute notice')).toMatchObject({ content: zhCN.chat.userMuted('卡罗尔', 60) });
    }
    expect(zhCN.chat.userMuted('卡罗尔', 60)).toContain('禁言 1 小时');
    const refused = cid('mod');
    carolRoom.send({ type: 'message', content: '我还能说话吗', content_type: 'text', client_id: refused });
    expect(await carolRoom.waitFor(isTips('muted', refused), 'muted refusal')).toMatchObject({ content: zhCN.chat.muted(60) });

    // Until a chosen time, beyond the room's one day.
    const until = new Date(Date.now() + 3 * 1440 * MINUTE + 7 * MINUTE);
    const chosen = body<ChatBanDto>(await site.admin({ method: 'PUT', url: `/api/admin/chat/bans/${dave.id}`, payload: { until: until.toISOString() } })).result;
    expect(chosen).toMatchObject({ userId: dave.id, reason: 'mute', until: until.toISOString() });
    await expect.poll(() => carolRoom.count(isTips('user_muted'))).toBe(2);
    let bans = body<ChatBanDto[]>(await site.admin({ method: 'GET', url: '/api/admin/chat/bans' })).result;
    expect(bans.map((b) => b.userId)).toEqual([carol.id, dave.id]);

    // Lifted: the room is told and the user speaks again.
    expect(body(await site.admin({ method: 'DELETE', url: `/api/admin/chat/bans/${carol.id}` })).code).toBe(0);
    await daveRoom.waitFor(isTips('user_unmuted'), 'unmute notice');
    await say(carolRoom, '我又能说话了');

    // A kick closes the user's sockets and bars them for ten minutes; the bans list says so.
    expect(body(await site.admin({ method: 'POST', url: `/api/admin/chat/kick/${carol.id}` })).code).toBe(0);
    await carolRoom.waitFor((f) => f.type === 'offline', 'offline frame');
    expect((await carolRoom.closed).code).toBe(4001);
    bans = body<ChatBanDto[]>(await site.admin({ method: 'GET', url: '/api/admin/chat/bans' })).result;
    const kick = bans.find((b) => b.userId === carol.id);
    expect(kick?.reason).toBe('kick');
    expect(Date.parse(kick?.until ?? '')).toBeLessThanOrEqual(Date.now() + 10 * MINUTE);
    // An ended ban is not listed.
    await data.db.db.updateTable('chat_ban').set({ until: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', dave.id).execute();
    bans = body<ChatBanDto[]>(await site.admin({ method: 'GET', url: '/api/admin/chat/bans' })).result;
    expect(bans.map((b) => b.userId)).toEqual([carol.id]);
  });

  test('hides a post: out of the board’s list, its address and its thread answer not found; shown again; deleted', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const author = await site.signUp(`留言者${tag}`);
    const reader = await site.signUp();
    const post = async (content: string) =>
      body<MessageDto>(await site.call({ method: 'POST', url: '/api/message/add', headers: { cookie: author.cookie }, payload: { content, color: '', bgImage: '' } })).result;
    const first = await post(`第一条留言 ${tag}`);
    const second = await post(`第二条留言 ${tag}`);
    const reply = body<MessageReplyDto>(
      await site.call({ method: 'POST', url: `/api/message/reply/${first.id}`, headers: { cookie: reader.cookie }, payload: { content: `回复 ${tag}` } }),
    ).result;
    const board = async () =>
      body<MessagePageDto>(await site.call({ method: 'POST', url: '/api/message/getMessageList', payload: { current: 1, size: 50 } })).result;
    const search = async (query: string) =>
      body<ConsoleBoardPageDto>(await site.admin({ method: 'GET', url: `/api/admin/board/posts?current=1&size=50&${query}` })).result;

    expect((await search(`keyword=${tag}`)).list.map((p) => p.id)).toEqual([second.id, first.id]);
    expect((await search(`keyword=${encodeURIComponent(`留言者${tag}`)}`)).total).toBe(2);
    expect((await search(`keyword=${author.username}`)).total).toBe(2);

    const hidden = body<{ hidden: boolean; replyCount: number }>(
      await site.admin({ method: 'PUT', url: `/api/admin/board/posts/${first.id}/hidden`, payload: { hidden: true } }),
    ).result;
    expect(hidden).toMatchObject({ hidden: true, replyCount: 1 });
    const listed = await board();
    expect(listed.list.map((m) => m.id)).not.toContain(first.id);
    expect(listed.list.map((m) => m.id)).toContain(second.id);
    const mine = body<MessagePageDto>(
      await site.call({ method: 'POST', url: '/api/message/getMessageList', payload: { current: 1, size: 50, userId: author.id } }),
    ).result;
    expect(mine.list.map((m) => m.id)).toEqual([second.id]);
    for (const url of [`/api/message/getMessageById/${first.id}`, `/api/message/getReplies/${first.id}`]) {
      const response = await site.call({ method: 'GET', url });
      expect([response.statusCode, body(response).message]).toEqual([404, zhCN.contentServer.messageNotFound]);
    }
    const like = await site.call({ method: 'PUT', url: `/api/message/like/${first.id}`, headers: { cookie: reader.cookie } });
    expect(like.statusCode).toBe(404);
    // The console still has it, with its reply.
    expect((await search(`keyword=${tag}&status=hidden`)).list.map((p) => p.id)).toEqual([first.id]);
    expect((await search(`keyword=${tag}&status=visible`)).list.map((p) => p.id)).toEqual([second.id]);
    const thread = body<ConsoleBoardReplyDto[]>(await site.admin({ method: 'GET', url: `/api/admin/board/posts/${first.id}/replies` })).result;
    expect(thread.map((r) => [r.id, r.hidden])).toEqual([[reply.id, false]]);

    await site.admin({ method: 'PUT', url: `/api/admin/board/posts/${first.id}/hidden`, payload: { hidden: false } });
    expect((await board()).list.map((m) => m.id)).toContain(first.id);
    expect((await site.call({ method: 'GET', url: `/api/message/getMessageById/${first.id}` })).statusCode).toBe(200);

    // A hidden reply: out of the thread and the post's count, kept in the console.
    const hiddenReply = body<ConsoleBoardReplyDto>(
      await site.admin({ method: 'PUT', url: `/api/admin/board/replies/${reply.id}/hidden`, payload: { hidden: true } }),
    ).result;
    expect(hiddenReply).toMatchObject({ id: reply.id, messageId: first.id, hidden: true });
    expect(body<MessageReplyDto[]>(await site.call({ method: 'GET', url: `/api/message/getReplies/${first.id}` })).result).toEqual([]);
    expect(body<MessageDto>(await site.call({ method: 'GET', url: `/api/message/getMessageById/${first.id}` })).result.replyCount).toBe(0);
    expect((await search(`keyword=${tag}`)).list.find((p) => p.id === first.id)?.replyCount).toBe(1);

    // Deleted: the reply, then the post with everything under it.
    expect(body(await site.admin({ method: 'DELETE', url: `/api/admin/board/replies/${reply.id}` })).code).toBe(0);
    expect(body<ConsoleBoardReplyDto[]>(await site.admin({ method: 'GET', url: `/api/admin/board/posts/${first.id}/replies` })).result).toEqual([]);
    expect(body(await site.admin({ method: 'DELETE', url: `/api/admin/board/posts/${first.id}` })).code).toBe(0);
    for (const [method, url] of [
      ['GET', `/api/admin/board/posts/${first.id}/replies`],
      ['PUT', `/api/admin/board/posts/${first.id}/hidden`],
      ['DELETE', `/api/admin/board/posts/${first.id}`],
      ['PUT', `/api/admin/board/replies/${reply.id}/hidden`],
      ['DELETE', `/api/admin/board/replies/${reply.id}`],
    ] as const) {
      const response = await site.admin({ method, url, ...(method === 'PUT' ? { payload: { hidden: true } } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(body(response).message).toMatch(/留言不存在|回复不存在/);
    }
    expect((await search(`keyword=${tag}`)).list.map((p) => p.id)).toEqual([second.id]);
  });
});

await describeOnTwoInstances('a mute set on one instance, over PostgreSQL and Redis', 'test-mod', (two) => {
  it('holds on the other instance: its room is told, the muted user there cannot send, and the lift reaches it', async () => {
    const [a, b] = two.sites;
    const erin = await a.signUp('艾琳');
    const { client: erinOnB } = await join(b.url, { cookie: erin.cookie });
    two.clients.push(erinOnB);

    const muted = await a.admin({ method: 'PUT', url: `/api/admin/chat/bans/${erin.id}`, payload: { minutes: 10 } });
    expect(body(muted).code).toBe(0);
    expect(await erinOnB.waitFor(isTips('user_muted'), 'mute notice on B')).toMatchObject({ content: zhCN.chat.userMuted('艾琳', 10) });
    const refused = cid('scale');
    erinOnB.send({ type: 'message', content: '换个实例说话', content_type: 'text', client_id: refused });
    await erinOnB.waitFor(isTips('muted', refused), 'refused on B');
    // Both instances list the ban.
    for (const site of two.sites) {
      const bans = body<ChatBanDto[]>(await site.admin({ method: 'GET', url: '/api/admin/chat/bans' })).result;
      expect(bans.map((ban) => ban.userId)).toEqual([erin.id]);
    }

    await a.admin({ method: 'DELETE', url: `/api/admin/chat/bans/${erin.id}` });
    await erinOnB.waitFor(isTips('user_unmuted'), 'lift on B');
    const allowed = cid('scale');
    erinOnB.send({ type: 'message', content: '又能说话了', content_type: 'text', client_id: allowed });
    await erinOnB.waitFor(isAck(allowed), 'ack on B');
  });
});
