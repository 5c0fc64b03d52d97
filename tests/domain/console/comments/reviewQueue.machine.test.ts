import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CommentStatus } from '../../../../src/domain/comments/comments';
import type { ReviewAction, ReviewComment, ReviewPage, ReviewQuery } from '../../../../src/domain/console/comments/reviewQueue';
import { reviewQueueMachine, type ReviewQueueEmitted } from '../../../../src/domain/console/comments/reviewQueue.machine';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function row(id: number, status: CommentStatus): ReviewComment {
  return {
    id,
    target: { type: 'article', id: 1, title: '惊蛰', url: '/article?id=1' },
    parentId: null,
    replyTo: null,
    author: { userId: null, nickName: `路人${id}`, avatar: '', email: '', site: '', admin: false },
    content: `评论${id}`,
    html: `<p>评论${id}</p>`,
    status,
    likes: 0,
    matchedKeywords: [],
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

/** A queue in memory: comments by status, newest (highest id) first. */
function queueOf(statuses: Record<number, CommentStatus>) {
  const calls: { ids: number[]; action: ReviewAction }[] = [];
  const queries: ReviewQuery[] = [];
  const load = async (query: ReviewQuery): Promise<ReviewPage> => {
    queries.push(query);
    const all = Object.entries(statuses)
      .map(([id, status]) => row(Number(id), status))
      .filter((comment) => comment.status === query.status && comment.content.includes(query.keyword))
      .sort((a, b) => b.id - a.id);
    const counts = { pending: 0, approved: 0, spam: 0 };
    for (const status of Object.values(statuses)) counts[status] += 1;
    return { list: all.slice((query.current - 1) * query.size, query.current * query.size), total: all.length, current: query.current, size: query.size, counts };
  };
  const act = async ({ ids, action }: { ids: number[]; action: ReviewAction }) => {
    calls.push({ ids, action });
    for (const id of ids) {
      if (action === 'delete') delete statuses[id];
      else statuses[id] = action === 'approve' ? 'approved' : 'spam';
    }
    return ids.length;
  };
  const actor = createActor(
    reviewQueueMachine.provide({ actors: { loadQueue: fromPromise(({ input }) => load(input)), act: fromPromise(({ input }) => act(input)) } }),
  );
  const emitted: ReviewQueueEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, calls, queries, emitted, ids: () => actor.getSnapshot().context.page?.list.map((comment) => comment.id) };
}

describe('reviewQueueMachine', () => {
  it('opens on 待审核 and moves an approved comment out of it, counts and all', async () => {
    const { actor, ids, emitted } = queueOf({ 1: 'pending', 2: 'pending', 3: 'approved' });
    await settle();
    expect(ids()).toEqual([2, 1]);
    actor.send({ type: 'comment.act', id: 2, action: 'approve' });
    await settle();
    await settle();
    expect(ids()).toEqual([1]);
    expect(actor.getSnapshot().context.page?.counts).toEqual({ pending: 1, approved: 2, spam: 0 });
    expect(emitted).toContainEqual({ type: 'acted', action: 'approve', count: 1 });
  });

  it('acts on the comments ticked, and only those of the page shown', async () => {
    const { actor, calls, ids } = queueOf({ 1: 'pending', 2: 'pending', 3: 'pending' });
    await settle();
    actor.send({ type: 'selection.toggle', id: 3 });
    actor.send({ type: 'selection.toggle', id: 1 });
    actor.send({ type: 'selected.act', action: 'spam' });
    await settle();
    await settle();
    expect(calls).toEqual([{ ids: [3, 1], action: 'spam' }]);
    expect(ids()).toEqual([2]);
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'selection.all' });
    expect(actor.getSnapshot().context.selected).toEqual([2]);
    actor.send({ type: 'selection.all' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('searches and changes tabs from the first page, forgetting what was ticked', async () => {
    const { actor, queries } = queueOf({ 1: 'spam', 2: 'pending' });
    await settle();
    actor.send({ type: 'page.go', page: 3 });
    actor.send({ type: 'selection.toggle', id: 2 });
    actor.send({ type: 'search', keyword: ' 评论1 ' });
    actor.send({ type: 'tab.select', status: 'spam' });
    await settle();
    expect(queries.at(-1)).toEqual({ status: 'spam', keyword: '评论1', current: 1, size: 20 });
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('steps back a page when an action empties the last one', async () => {
    const statuses: Record<number, CommentStatus> = {};
    for (let id = 1; id <= 21; id += 1) statuses[id] = 'pending';
    const { actor, ids } = queueOf(statuses);
    await settle();
    actor.send({ type: 'page.go', page: 2 });
    await settle();
    expect(ids()).toEqual([1]);
    actor.send({ type: 'comment.act', id: 1, action: 'delete' });
    for (let i = 0; i < 4; i += 1) await settle();
    expect(actor.getSnapshot().context.query.current).toBe(1);
    expect(ids()).toHaveLength(20);
  });

  it('says why an action failed and keeps the page', async () => {
    const actor = createActor(
      reviewQueueMachine.provide({
        actors: {
          loadQueue: fromPromise(async () => ({ list: [row(1, 'pending')], total: 1, current: 1, size: 20, counts: { pending: 1, approved: 0, spam: 0 } })),
          act: fromPromise(async (): Promise<number> => {
            throw new Error('评论不存在或已删除');
          }),
        },
      }),
    );
    const emitted: ReviewQueueEmitted[] = [];
    actor.on('failed', (event) => emitted.push(event));
    actor.start();
    await settle();
    actor.send({ type: 'comment.act', id: 1, action: 'approve' });
    await settle();
    expect(emitted).toEqual([{ type: 'failed', message: '评论不存在或已删除', reported: false }]);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
  });
});
