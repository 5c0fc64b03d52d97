import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Comment, CommentAuthor, CommentOrder, CommentPage, CommentTarget, CommentThread, ShownThread } from '../../../src/domain/comments/comments';
import { commentCount, commentsMachine, shownThreads, type CommentsEmitted } from '../../../src/domain/comments/comments.machine';
import type { CommentsApi } from '../../../src/ports/commentsApi';
import { FakeCommentsServer, PENDING_TEXT, REFUSAL_MESSAGE, REFUSED_TEXT } from '../../fakes/commentsServer';

const ME = 1;
const AUTHOR: CommentAuthor = { userId: ME, nickName: '读者1', avatar: '', site: '', admin: false };
const AT = '2024-06-01T00:00:00.000Z';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The machine over a port; `initial` seeds the first page as a server render does. */
function start(api: CommentsApi, target: CommentTarget = { type: 'article', id: 7 }, initial: CommentPage | null = null) {
  const machine = commentsMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => api.page(input.target, input.order, input.cursor)),
      fetchReplies: fromPromise(({ input }) => api.replies(input.id, input.cursor)),
      postComment: fromPromise(({ input }) => api.post(input.target, input.draft)),
      deleteComment: fromPromise(({ input }) => api.delete(input.id)),
      likeComment: fromPromise(({ input }) => api.like(input.id, input.liked)),
    },
  });
  const actor = createActor(machine, { input: { target, initial } });
  const emitted: CommentsEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, emitted, shown: () => shownThreads(actor.getSnapshot().context) };
}

/** Answers at once (on the next microtask). */
const immediately = <T,>(_label: string, compute: () => T): Promise<T> => {
  try {
    return Promise.resolve(compute());
  } catch (error) {
    return Promise.reject(error);
  }
};

/** What a test compares: the fields the reader sees, not the bookkeeping. */
function outline(threads: readonly (ShownThread | CommentThread)[]) {
  const one = (c: Comment) => ({ id: c.id, content: c.content, deleted: c.deleted, likes: c.likes, liked: c.liked, status: c.status, replyTo: c.replyTo?.id ?? null });
  return threads.map((t) => ({ ...one(t), replyCount: t.replyCount, replies: t.replies.map(one) }));
}

/** The server with `threads` top-level comments by others (every third by the reader), some with replies. */
function serverWith(threads: number, repliesOf: (index: number) => number = () => 0): FakeCommentsServer {
  const server = new FakeCommentsServer(ME);
  for (let i = 0; i < threads; i += 1) {
    const id = server.add(i % 3 === 0 ? ME : 2, `评论${i}`);
    for (let r = 0; r < repliesOf(i); r += 1) server.add(r % 2 === 0 ? 3 : ME, `回复${i}-${r}`, id);
  }
  return server;
}

describe('commentsMachine', () => {
  it('shows ten threads a page, newest first, and 加载更多 until the last page', async () => {
    const server = serverWith(23);
    const { actor, shown } = start(server.api(immediately));
    await settle();
    expect(shown().map((t) => t.id)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    expect(actor.getSnapshot().context.nextCursor).not.toBeNull();
    actor.send({ type: 'page.next' });
    await settle();
    actor.send({ type: 'page.next' });
    await settle();
    expect(shown().map((t) => t.id)).toEqual(Array.from({ length: 23 }, (_, i) => 23 - i));
    expect(actor.getSnapshot().context.nextCursor).toBeNull();
    expect(commentCount(actor.getSnapshot().context)).toBe(23);
  });

  it('starts from a server-rendered first page without asking again', async () => {
    const server = serverWith(3);
    let calls = 0;
    const api = server.api(immediately);
    const counting: CommentsApi = { ...api, page: (...args) => ((calls += 1), api.page(...args)) };
    const initial = await api.page(server.target, 'newest', null);
    const { actor, shown } = start(counting, server.target, initial);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(shown().map((t) => t.id)).toEqual([3, 2, 1]);
    await settle();
    expect(calls).toBe(0);
  });

  it('switches between newest and oldest first', async () => {
    const { actor, shown } = start(serverWith(12).api(immediately));
    await settle();
    actor.send({ type: 'order.set', order: 'oldest' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(shown().map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows a posted comment at once, then as the server answered it', async () => {
    const server = serverWith(2);
    let answer: () => void = () => undefined;
    const held = server.api((label, compute) =>
      label.startsWith('post') ? new Promise((resolve) => (answer = () => resolve(compute()))) : immediately(label, compute),
    );
    const { actor, shown, emitted } = start(held);
    await settle();
    actor.send({ type: 'comment.post', draft: { content: '  第一条 **评论** <b>x</b> ' }, author: AUTHOR, at: AT });
    const first = shown()[0]!;
    expect(first).toMatchObject({ sending: true, content: '第一条 **评论** <b>x</b>' });
    expect(first.html).toBe('<p>第一条 **评论** &#60;b&#62;x&#60;/b&#62;</p>');
    answer();
    await settle();
    expect(shown()[0]).toMatchObject({ id: 3, sending: false, canDelete: true });
    expect(commentCount(actor.getSnapshot().context)).toBe(3);
    expect(emitted.map((e) => e.type)).toContain('post.done');
  });

  it('takes a refused comment back and says why, handing back what was written', async () => {
    const { actor, shown, emitted } = start(serverWith(2).api(immediately));
    await settle();
    actor.send({ type: 'comment.post', draft: { content: `${REFUSED_TEXT}了` }, author: AUTHOR, at: AT });
    expect(shown()).toHaveLength(3);
    await settle();
    expect(shown().map((t) => t.id)).toEqual([2, 1]);
    expect(emitted).toContainEqual({ type: 'post.refused', draft: { content: `${REFUSED_TEXT}了` }, message: REFUSAL_MESSAGE, reported: false });
    expect(commentCount(actor.getSnapshot().context)).toBe(2);
  });

  it('keeps a comment waiting for review on screen for its author, uncounted', async () => {
    const { actor, shown, emitted } = start(serverWith(1).api(immediately));
    await settle();
    actor.send({ type: 'comment.post', draft: { content: `请${PENDING_TEXT}` }, author: AUTHOR, at: AT });
    await settle();
    expect(shown()[0]).toMatchObject({ id: 2, status: 'pending', sending: false });
    expect(commentCount(actor.getSnapshot().context)).toBe(1);
    expect(emitted.map((e) => e.type)).toContain('post.pending');
  });

  it('expands replies: three first, then 查看全部 loads the rest', async () => {
    const server = serverWith(1, () => 14);
    const { actor, shown } = start(server.api(immediately));
    await settle();
    expect(shown()[0]).toMatchObject({ replyCount: 14, moreReplies: 11 });
    expect(shown()[0]!.replies).toHaveLength(3);
    actor.send({ type: 'replies.more', id: 1 });
    await settle();
    expect(shown()[0]!.replies).toHaveLength(13);
    actor.send({ type: 'replies.more', id: 1 });
    await settle();
    expect(shown()[0]).toMatchObject({ moreReplies: 0 });
    expect(shown()[0]!.replies.map((r) => r.id)).toEqual(Array.from({ length: 14 }, (_, i) => i + 2));
  });

  it('quotes the author of a reply answered, and threads it under the top-level comment', async () => {
    const server = serverWith(1, () => 1);
    const { actor, shown } = start(server.api(immediately));
    await settle();
    actor.send({ type: 'comment.post', draft: { content: '同意', replyTo: 2 }, author: AUTHOR, at: AT });
    expect(shown()[0]!.replies.at(-1)).toMatchObject({ sending: true, parentId: 1, replyTo: { id: 2, nickName: '读者3' } });
    await settle();
    expect(shown()[0]!.replies.at(-1)).toMatchObject({ id: 3, parentId: 1, replyTo: { id: 2, nickName: '读者3' } });
    expect(shown()[0]!.replyCount).toBe(2);
  });

  it('toggles a like at once and keeps what the server answered', async () => {
    const server = serverWith(1);
    let answer: () => void = () => undefined;
    const held = server.api((label, compute) =>
      label.startsWith('like') ? new Promise((resolve) => (answer = () => resolve(compute()))) : immediately(label, compute),
    );
    const { actor, shown } = start(held);
    await settle();
    actor.send({ type: 'comment.like', id: 1 });
    expect(shown()[0]).toMatchObject({ liked: true, likes: 1 });
    answer();
    await settle();
    actor.send({ type: 'comment.like', id: 1 });
    expect(shown()[0]).toMatchObject({ liked: false, likes: 0 });
    answer();
    await settle();
    expect(shown()[0]).toMatchObject({ liked: false, likes: 0 });
  });

  it('puts a like back when the server refuses it', async () => {
    const server = serverWith(1);
    const api = server.api(immediately);
    const { actor, shown, emitted } = start({ ...api, like: () => Promise.reject(new Error('网络连接失败')) });
    await settle();
    actor.send({ type: 'comment.like', id: 1 });
    expect(shown()[0]).toMatchObject({ liked: true });
    await settle();
    expect(shown()[0]).toMatchObject({ liked: false, likes: 0 });
    expect(emitted).toContainEqual({ type: 'like.failed', message: '网络连接失败', reported: false });
  });

  it('deletes: a comment with replies stays as 该评论已删除, one without goes, and the last reply takes the placeholder with it', async () => {
    const server = new FakeCommentsServer(ME);
    const withReply = server.add(ME, '有回复');
    const reply = server.add(ME, '回复', withReply);
    const alone = server.add(ME, '没有回复');
    const { actor, shown } = start(server.api(immediately));
    await settle();
    actor.send({ type: 'comment.delete', id: withReply });
    actor.send({ type: 'comment.delete', id: alone });
    await settle();
    await settle();
    expect(outline(shown())).toEqual(outline(server.everything('newest')));
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toMatchObject({ id: withReply, deleted: true, content: '' });
    actor.send({ type: 'comment.delete', id: reply });
    await settle();
    expect(shown()).toEqual([]);
    expect(commentCount(actor.getSnapshot().context)).toBe(0);
  });

  it('refuses to delete what the reader may not delete, without asking the server', async () => {
    const server = serverWith(2);
    const { actor } = start(server.api(immediately));
    await settle();
    actor.send({ type: 'comment.delete', id: 2 });
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('ignores an empty comment or one over 1 000 characters', async () => {
    const { actor } = start(serverWith(1).api(immediately));
    await settle();
    actor.send({ type: 'comment.post', draft: { content: '   ' }, author: AUTHOR, at: AT });
    actor.send({ type: 'comment.post', draft: { content: '字'.repeat(1001) }, author: AUTHOR, at: AT });
    expect(actor.getSnapshot().context.local).toEqual([]);
    actor.send({ type: 'comment.post', draft: { content: '😀'.repeat(1000) }, author: AUTHOR, at: AT });
    expect(actor.getSnapshot().context.local).toHaveLength(1);
  });

  it('says the first page failed and loads it again on request', async () => {
    const server = serverWith(1);
    const api = server.api(immediately);
    let fail = true;
    const { actor, shown } = start({ ...api, page: (...args) => (fail ? Promise.reject(new Error('服务器错误')) : api.page(...args)) });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('服务器错误');
    fail = false;
    actor.send({ type: 'list.refresh' });
    await settle();
    expect(shown().map((t) => t.id)).toEqual([1]);
  });
});

type Action =
  | { kind: 'post'; text: string }
  | { kind: 'reply'; pick: number; text: string }
  | { kind: 'delete'; pick: number }
  | { kind: 'like'; pick: number }
  | { kind: 'page' }
  | { kind: 'replies'; pick: number }
  | { kind: 'order'; order: CommentOrder }
  | { kind: 'refresh' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.constantFrom('新评论', `要${PENDING_TEXT}`, `被${REFUSED_TEXT}`, '又一条').map((text) => ({ kind: 'post' as const, text })),
  fc.record({ kind: fc.constant('reply' as const), pick: fc.nat(40), text: fc.constantFrom('回复', `回复${PENDING_TEXT}`, `回复${REFUSED_TEXT}`) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(40) }),
  fc.record({ kind: fc.constant('like' as const), pick: fc.nat(40) }),
  fc.constant({ kind: 'page' as const }),
  fc.record({ kind: fc.constant('replies' as const), pick: fc.nat(40) }),
  fc.constantFrom('newest' as const, 'oldest' as const).map((order) => ({ kind: 'order' as const, order })),
  fc.constant({ kind: 'refresh' as const }),
);

/** Lets every scheduled answer arrive, and those the machine asks for meanwhile. */
async function drain(s: fc.Scheduler): Promise<void> {
  do {
    await s.waitAll();
    await settle();
  } while (s.count() > 0);
}

/** Every comment the reader sees, top-level and replies, in order. */
const flat = (threads: readonly ShownThread[]) => threads.flatMap((t) => [t, ...t.replies]);

/** More runs on request (`COMMENT_RUNS=5000`) when changing the machine. */
const RUNS = Number(process.env.COMMENT_RUNS ?? 200);

describe('commentsMachine under any interleaving', () => {
  it('shows the server’s thread, with no comment twice, after any interleaving of posts, replies, deletes, likes and pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.nat(5), { minLength: 0, maxLength: 24 }),
        fc.array(action, { minLength: 1, maxLength: 14 }),
        async (s, replyCounts, actions) => {
          const server = serverWith(replyCounts.length, (i) => replyCounts[i] ?? 0);
          const api = server.api((label, compute) => {
            let outcome: { ok: true; value: ReturnType<typeof compute> } | { ok: false; error: unknown };
            try {
              outcome = { ok: true, value: compute() };
            } catch (error) {
              outcome = { ok: false, error };
            }
            return s.schedule(Promise.resolve(), label).then(() => {
              if (!outcome.ok) throw outcome.error;
              return outcome.value;
            });
          });
          const { actor, shown } = start(api);
          const problems: string[] = [];
          actor.subscribe((snapshot) => {
            const ids = flat(shownThreads(snapshot.context)).map((c) => c.id);
            if (new Set(ids).size !== ids.length) problems.push(`a comment shown twice: ${ids.join(',')}`);
          });

          const acting = s.scheduleSequence(
            actions.map((step) => ({
              label: JSON.stringify(step),
              builder: async () => {
                const all = flat(shown()).filter((c) => !c.sending);
                const pick = <T,>(list: readonly T[], n: number) => (list.length === 0 ? undefined : list[n % list.length]);
                switch (step.kind) {
                  case 'post':
                    actor.send({ type: 'comment.post', draft: { content: step.text }, author: AUTHOR, at: AT });
                    break;
                  case 'reply': {
                    const answered = pick(all.filter((c) => !c.deleted && c.status === 'approved'), step.pick);
                    if (answered) actor.send({ type: 'comment.post', draft: { content: step.text, replyTo: answered.id }, author: AUTHOR, at: AT });
                    break;
                  }
                  case 'delete': {
                    const own = pick(all.filter((c) => c.canDelete && !c.deleting), step.pick);
                    if (own) actor.send({ type: 'comment.delete', id: own.id });
                    break;
                  }
                  case 'like': {
                    const liked = pick(all.filter((c) => !c.deleted && c.status === 'approved'), step.pick);
                    if (liked) actor.send({ type: 'comment.like', id: liked.id });
                    break;
                  }
                  case 'page':
                    actor.send({ type: 'page.next' });
                    break;
                  case 'replies': {
                    const thread = pick(shown().filter((t) => t.moreReplies > 0), step.pick);
                    if (thread) actor.send({ type: 'replies.more', id: thread.id });
                    break;
                  }
                  case 'order':
                    actor.send({ type: 'order.set', order: step.order });
                    break;
                  case 'refresh':
                    actor.send({ type: 'list.refresh' });
                    break;
                }
              },
            })),
          );
          await s.waitFor(acting.task);
          await drain(s);
          const { context } = actor.getSnapshot();
          expect(context.queue).toEqual([]);
          // The count under the list is the server's, before any further load corrects it.
          expect(commentCount(context)).toBe(server.count());

          // Read on to the end: every page, every thread's replies (from where the reader left them).
          for (let guard = 0; guard < 100; guard += 1) {
            if (actor.getSnapshot().context.nextCursor !== null && actor.getSnapshot().hasTag('ready')) actor.send({ type: 'page.next' });
            const more = shown().find((t) => t.moreReplies > 0);
            if (more) actor.send({ type: 'replies.more', id: more.id });
            await drain(s);
            const snapshot = actor.getSnapshot();
            if (snapshot.context.nextCursor === null && snapshot.hasTag('ready') && !shown().some((t) => t.moreReplies > 0)) break;
          }
          // If the first page had failed there would be nothing to compare: the fake never fails a page.
          expect(actor.getSnapshot().hasTag('ready')).toBe(true);

          const order = actor.getSnapshot().context.order;
          const expected = withPending(server.everything(order), server.pendingOfViewer(), order);
          expect(problems).toEqual([]);
          expect(outline(shown())).toEqual(outline(expected));
          actor.stop();
        },
      ),
      { numRuns: RUNS },
    );
  }, 30_000 + RUNS * 50);
});

/** The server's threads with the reader's own comments waiting for review in their places (only they see them). */
function withPending(threads: CommentThread[], pending: Comment[], order: CommentOrder): CommentThread[] {
  const listed = new Set(threads.map((t) => t.id));
  const tops = [
    ...threads,
    ...pending.filter((c) => c.parentId === null).map((c) => ({ ...c, replyCount: 0, replies: [] })),
  ].sort((a, b) => (order === 'newest' ? b.id - a.id : a.id - b.id));
  return tops.map((t) => ({
    ...t,
    replies: [...t.replies, ...pending.filter((c) => c.parentId === t.id && listed.has(t.id))].sort((a, b) => a.id - b.id),
  }));
}
