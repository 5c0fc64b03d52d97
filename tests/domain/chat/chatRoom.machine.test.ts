import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ReportedError } from '../../../src/domain/account/account';
import type { ChatInbound, ChatMessage } from '../../../src/domain/chat/chat';
import { chatRoomMachine, type ChatRoomEmitted } from '../../../src/domain/chat/chatRoom.machine';
import { ADMIN, FakeChatApi, ME, chatMessage } from '../../fakes/chatSocket';

function room(api = new FakeChatApi()) {
  const actor = createActor(
    chatRoomMachine.provide({
      actors: {
        fetchHistory: fromPromise(({ input }) => api.history(input.size, input.lastId)),
        uploadImage: fromPromise(({ input }) => api.uploadImage(input.image)),
        revertMessage: fromPromise(({ input }) => api.revert(input.id)),
        clearHistory: fromPromise(() => api.clear()),
      },
    }),
    { input: { prefix: 'tab' } },
  );
  const emitted: ChatRoomEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as ChatRoomEmitted));
  actor.start();
  const frame = (f: ChatInbound) => actor.send({ type: 'frame.received', frame: f });
  const init = (list: ChatMessage[], extra: Partial<Extract<ChatInbound, { kind: 'init' }>> = {}) =>
    frame({ kind: 'init', mode: 'recent', list, reverted: [], hasMore: false, online: [], me: ME, ...extra });
  const ids = () => actor.getSnapshot().context.entries.map((entry) => entry.id);
  const notices = () => emitted.flatMap((event) => (event.type === 'notice' ? [event.notice] : []));
  const outbound = () => emitted.flatMap((event) => (event.type === 'outbound' ? [event.frame] : []));
  return { actor, frame, init, ids, notices, outbound, api };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => chatMessage(from + i));

describe('chat room machine', () => {
  it('pages history by 10 before the oldest message, until a short page', async () => {
    const api = new FakeChatApi(range(1, 25));
    const r = room(api);
    r.init(range(26, 35), { hasMore: true });
    r.actor.send({ type: 'history.more' });
    await waitFor(r.actor, (s) => s.matches({ history: 'idle' }));
    expect(api.calls.history).toEqual([26]);
    expect(r.ids()).toEqual(range(16, 35).map((m) => m.id));
    expect(r.actor.getSnapshot().context.hasMore).toBe(true);
    r.actor.send({ type: 'history.more' });
    await waitFor(r.actor, (s) => s.matches({ history: 'idle' }) && s.context.entries.length === 30);
    r.actor.send({ type: 'history.more' });
    await waitFor(r.actor, (s) => s.matches({ history: 'idle' }) && !s.context.hasMore);
    expect(r.ids()).toEqual(range(1, 35).map((m) => m.id));
    r.actor.send({ type: 'history.more' });
    expect(api.calls.history).toHaveLength(3);
  });

  it('counts new messages by others only while scrolled up, and clears the count at the bottom', () => {
    const r = room();
    r.init([]);
    r.frame({ kind: 'message', message: chatMessage(1) });
    expect(r.actor.getSnapshot().context.unread).toBe(0);
    r.actor.send({ type: 'view.scrolled', atBottom: false });
    r.frame({ kind: 'message', message: chatMessage(2) });
    r.frame({ kind: 'message', message: chatMessage(2) });
    r.frame({ kind: 'message', message: chatMessage(3, { userId: ME.userId }) });
    expect(r.actor.getSnapshot().context.unread).toBe(1);
    r.actor.send({ type: 'view.scrolled', atBottom: true });
    expect(r.actor.getSnapshot().context.unread).toBe(0);
  });

  it('shows an own send as pending, then once as confirmed; a refusal drops it', () => {
    const r = room();
    r.init([]);
    r.actor.send({ type: 'message.send', content: '  你好  ' });
    const [send] = r.outbound();
    expect(send).toEqual({ kind: 'message', clientId: 'tab-1', content: '你好', contentType: 'text' });
    expect(r.actor.getSnapshot().context.entries).toMatchObject([{ id: null, pending: true, content: '你好' }]);
    r.frame({ kind: 'ack', clientId: 'tab-1', id: 5, duplicate: false });
    r.frame({ kind: 'message', message: chatMessage(5, { userId: ME.userId, clientId: 'tab-1', content: '你好' }) });
    expect(r.actor.getSnapshot().context.entries).toMatchObject([{ id: 5, pending: false }]);
    r.actor.send({ type: 'message.send', content: 'again' });
    r.frame({ kind: 'tips', code: 'rate_limited', content: '发送太频繁，请稍后再试', clientId: 'tab-2' });
    expect(r.ids()).toEqual([5]);
    expect(r.notices()).toContainEqual({ kind: 'tip', code: 'rate_limited', content: '发送太频繁，请稍后再试' });
  });

  it('refuses a visitor and an empty text without sending', () => {
    const r = room();
    r.init([], { me: null });
    r.actor.send({ type: 'message.send', content: 'hi' });
    r.actor.send({ type: 'image.send', image: { name: 'a.png', size: 1, type: 'image/png' } });
    expect(r.notices()).toEqual([
      { kind: 'refused', reason: 'login_required' },
      { kind: 'refused', reason: 'login_required' },
    ]);
    const signedIn = room();
    signedIn.init([]);
    signedIn.actor.send({ type: 'message.send', content: '  ' });
    expect(signedIn.notices()).toEqual([{ kind: 'refused', reason: 'empty' }]);
    expect([...r.outbound(), ...signedIn.outbound()]).toEqual([]);
  });

  it('sends an uploaded image as an image message; a failed upload says so', async () => {
    const r = room();
    r.init([]);
    r.actor.send({ type: 'image.send', image: { name: 'cat.png', size: 10, type: 'image/png' } });
    await waitFor(r.actor, (s) => s.matches({ upload: 'idle' }));
    expect(r.outbound()).toEqual([
      { kind: 'message', clientId: 'tab-1', content: '/media/cat.png', contentType: 'image' },
    ]);
    r.api.failUpload = true;
    r.actor.send({ type: 'image.send', image: { name: 'dog.png', size: 10, type: 'image/png' } });
    await waitFor(r.actor, (s) => s.matches({ upload: 'idle' }));
    expect(r.notices()).toContainEqual({ kind: 'imageFailed' });
  });

  it('a catch-up appends what was missed and removes what was reverted meanwhile', () => {
    const r = room();
    r.init(range(1, 5));
    r.frame({ kind: 'init', mode: 'missed', list: range(5, 7), reverted: [2, 4], hasMore: false, online: [], me: ME });
    expect(r.ids()).toEqual([1, 3, 5, 6, 7]);
  });

  it('reverts: removes the message, says 撤回成功; a revert frame removes it for everyone', async () => {
    const r = room(new FakeChatApi(range(1, 3)));
    r.init(range(1, 3));
    r.actor.send({ type: 'message.revert', id: 2 });
    await waitFor(r.actor, (s) => s.matches({ action: 'idle' }));
    expect(r.ids()).toEqual([1, 3]);
    expect(r.notices()).toContainEqual({ kind: 'reverted' });
    r.frame({ kind: 'revert', messageId: 3 });
    expect(r.ids()).toEqual([1]);
  });

  it('a refused revert already shown by the HTTP client raises no second notice', async () => {
    const r = room();
    r.api.failRevert = new ReportedError('权限不足');
    r.init(range(1, 2));
    r.actor.send({ type: 'message.revert', id: 1 });
    await waitFor(r.actor, (s) => s.matches({ action: 'idle' }));
    expect(r.notices()).toEqual([]);
    expect(r.ids()).toEqual([1, 2]);
  });

  it('only an administrator clears and kicks; a clear frame empties the list but keeps pending sends', async () => {
    const user = room();
    user.init(range(1, 3));
    user.actor.send({ type: 'history.clear' });
    user.actor.send({ type: 'user.kick', userId: 2 });
    expect(user.api.calls.clear).toBe(0);
    expect(user.outbound()).toEqual([]);

    const admin = room();
    admin.init(range(1, 3), { me: ADMIN });
    admin.actor.send({ type: 'user.kick', userId: 2 });
    expect(admin.outbound()).toEqual([{ kind: 'offline', userId: 2 }]);
    admin.actor.send({ type: 'message.send', content: 'still going' });
    admin.actor.send({ type: 'history.clear' });
    await waitFor(admin.actor, (s) => s.matches({ action: 'idle' }));
    expect(admin.api.calls.clear).toBe(1);
    expect(admin.notices()).toContainEqual({ kind: 'cleared' });
    expect(admin.actor.getSnapshot().context.entries).toMatchObject([{ id: null, content: 'still going' }]);

    user.frame({ kind: 'clear' });
    expect(user.ids()).toEqual([]);
  });

  it('keeps the online list current and shows a kick notice', () => {
    const r = room();
    r.init([], { online: [{ userId: 1, nickName: 'a', avatar: '' }] });
    r.frame({
      kind: 'online',
      list: [
        { userId: 2, nickName: 'b', avatar: '' },
        { userId: 3, nickName: 'c', avatar: '' },
      ],
    });
    expect(r.actor.getSnapshot().context.online.map((u) => u.userId)).toEqual([2, 3]);
    r.frame({ kind: 'offline', userId: ME.userId, content: '你已被管理员踢下线' });
    expect(r.notices()).toContainEqual({ kind: 'tip', code: 'kicked', content: '你已被管理员踢下线' });
  });

  it('a dropped session removes its pending sends; a new reader’s init keeps only their own', () => {
    const r = room();
    r.init([]);
    r.actor.send({ type: 'message.send', content: 'one' });
    r.actor.send({ type: 'message.send', content: 'two' });
    r.actor.send({ type: 'sends.dropped', clientIds: ['tab-1'] });
    expect(r.actor.getSnapshot().context.entries.map((e) => e.content)).toEqual(['two']);
    r.init([], { me: ADMIN });
    expect(r.actor.getSnapshot().context.entries).toEqual([]);
  });
});
