import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import { ReportedError } from '../account/account';
import {
  applyAmendments,
  commentDraftProblem,
  mergePage,
  mergeReplies,
  pageRange,
  countShown,
  newerCount,
  visibleThreads,
  type Amendment,
  type Comment,
  type CommentAuthor,
  type CommentDeleted,
  type CommentDraft,
  type CommentOrder,
  type CommentPage,
  type CommentTarget,
  type InFlight,
  type KnownCount,
  type KnownThread,
  type LikeState,
  type LocalComment,
  type ReplyPage,
  type ShownThread,
} from './comments';

/**
 * The comments under one article or talk: pages of top-level threads (加载更多, newest or oldest first),
 * replies expanding, and the reader's own changes — posts shown at once and taken back if refused, likes
 * toggled at once, deletions — sent one at a time, in order, so the thread shown stays the server's.
 */

/** One of the reader's changes, waiting to be sent (the first one of the queue is on its way). */
export type CommentOperation =
  | { kind: 'post'; localId: number; draft: CommentDraft }
  | { kind: 'delete'; id: number; parentId: number | null; approved: boolean }
  | { kind: 'like'; id: number; liked: boolean };

export interface CommentsInput {
  target: CommentTarget;
  order?: CommentOrder;
  /** The first page as the server rendered it with the page, if it did. */
  initial?: CommentPage | null;
}

export interface CommentsContext {
  target: CommentTarget;
  order: CommentOrder;
  /** Threads as the server's pages showed them, with the reader's confirmed changes applied. */
  threads: KnownThread[];
  /** The reader's comments the server lists do not show: being sent, or waiting for review. */
  local: LocalComment[];
  /** Where the next page starts; null when the last page is shown. */
  nextCursor: number | null;
  /** The newest comment count the server gave (see `commentCount`). */
  count: KnownCount;
  visitorsMayComment: boolean;
  /** The blogger closed the comments (see CommentPage). */
  closed: boolean;
  /** Changes sent so far: a load asked now reflects this many (see comments.ts). */
  sent: number;
  /** The reader's confirmed changes, in the order sent. */
  amendments: Amendment[];
  queue: CommentOperation[];
  /** `seq` of the change on its way. */
  sending: number;
  /** The page on its way: its cursor and how many changes it reflects. */
  pageLoad: { cursor: number | null; asOf: number };
  /** The replies on their way, and for which thread. */
  repliesLoad: { parentId: number; cursor: number | null; asOf: number } | null;
  /** The next local (negative) id of a comment being sent. */
  nextLocalId: number;
  /** Why the last page failed to load. */
  error: string | null;
}

export type CommentsEvent =
  | { type: 'page.next' }
  | { type: 'order.set'; order: CommentOrder }
  /** Load the first page again (the reader signed in or out: likes and delete rights change). */
  | { type: 'list.refresh' }
  | { type: 'replies.more'; id: number }
  /** `author` and `at` draw the comment until the server answers. */
  | { type: 'comment.post'; draft: CommentDraft; author: CommentAuthor; at: string }
  | { type: 'comment.delete'; id: number }
  | { type: 'comment.like'; id: number };

export type CommentsEmitted =
  | { type: 'post.done'; comment: Comment }
  /** Posted, but shown to nobody else until the administrator approves it. */
  | { type: 'post.pending'; comment: Comment }
  /** Refused: the comment is taken back; `draft` is what the reader wrote. */
  | { type: 'post.refused'; draft: CommentDraft; message: string; reported: boolean }
  | { type: 'delete.done'; id: number }
  | { type: 'delete.failed'; message: string; reported: boolean }
  | { type: 'like.failed'; message: string; reported: boolean }
  | { type: 'load.failed'; message: string; reported: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const failure = (error: unknown) => ({ message: messageOf(error), reported: error instanceof ReportedError });

/** What the reader's queued changes do to the shown likes and deletions before the server confirms them. */
export function inFlight(queue: readonly CommentOperation[]): InFlight {
  const likes = new Map<number, boolean>();
  const deleting = new Set<number>();
  for (const operation of queue) {
    if (operation.kind === 'like') likes.set(operation.id, operation.liked);
    if (operation.kind === 'delete') deleting.add(operation.id);
  }
  return { likes, deleting };
}

/** The threads as the reader sees them. */
export function shownThreads(context: CommentsContext): ShownThread[] {
  return visibleThreads(context.threads, context.local, context.order, inFlight(context.queue));
}

/** The number under the article or talk. */
export const commentCount = (context: CommentsContext): number => countShown(context.count, context.amendments);

function findShown(context: CommentsContext, id: number) {
  for (const thread of shownThreads(context)) {
    if (thread.id === id) return thread;
    const reply = thread.replies.find((item) => item.id === id);
    if (reply) return reply;
  }
  return undefined;
}

/** Comment text as plain HTML, until the server's rendering of it arrives. */
function plainHtml(content: string): string {
  const escaped = content.trim().replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

/** The context after a page came in, asked as `pageLoad` says. */
function pageLoaded(context: CommentsContext, page: CommentPage, first: boolean) {
  const { cursor, asOf } = context.pageLoad;
  const range = pageRange(
    cursor,
    page.list.map((thread) => thread.id),
    page.nextCursor,
  );
  // A first page starts the list afresh (a new order, a new reader); later pages extend it.
  const threads = mergePage(first ? [] : context.threads, page.list, range, asOf, context.order, context.amendments);
  return {
    threads,
    nextCursor: page.nextCursor,
    count: newerCount(context.count, { count: page.count, asOf }),
    visitorsMayComment: page.visitorsMayComment,
    closed: page.closed,
    error: null,
  };
}

/** The context after one of the reader's changes was confirmed. */
function confirmed(context: CommentsContext, amendment: Amendment | null, count: KnownCount | null) {
  const amendments = amendment ? [...context.amendments, amendment] : context.amendments;
  return {
    amendments,
    threads: applyAmendments(context.threads, amendments, context.order),
    count: newerCount(context.count, count),
  };
}

// Placeholders: the view supplies the real actors (over the comments port) with machine.provide({ actors }).
const fetchPage = fromPromise<CommentPage, { target: CommentTarget; order: CommentOrder; cursor: number | null }>(
  async () => {
    throw new Error('comments: fetchPage actor not provided');
  },
);
const fetchReplies = fromPromise<ReplyPage, { id: number; cursor: number | null }>(async () => {
  throw new Error('comments: fetchReplies actor not provided');
});
const postComment = fromPromise<Comment, { target: CommentTarget; draft: CommentDraft }>(async () => {
  throw new Error('comments: postComment actor not provided');
});
const deleteComment = fromPromise<CommentDeleted, { id: number }>(async () => {
  throw new Error('comments: deleteComment actor not provided');
});
const likeComment = fromPromise<LikeState, { id: number; liked: boolean }>(async () => {
  throw new Error('comments: likeComment actor not provided');
});

/** The head of the queue, of the kind the state sends. */
function head<K extends CommentOperation['kind']>(
  context: CommentsContext,
  kind: K,
): Extract<CommentOperation, { kind: K }> {
  const operation = context.queue[0];
  if (operation?.kind !== kind) throw new Error(`comments: expected a ${kind} at the head of the queue`);
  return operation as Extract<CommentOperation, { kind: K }>;
}

/** The page region loads its first page again on these, from any of its states. */
const RELOADS = {
  'order.set': { target: '.loading', actions: 'setOrder' },
  'list.refresh': { target: '.loading' },
} as const;

/** …and a first page on its way is asked again (the old answer is dropped). */
const RESTARTS = {
  'order.set': { target: 'loading', reenter: true, actions: 'setOrder' },
  'list.refresh': { target: 'loading', reenter: true },
} as const;

export const commentsMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as CommentsContext,
      events: {} as CommentsEvent,
      input: {} as CommentsInput,
      emitted: {} as CommentsEmitted,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { fetchPage, fetchReplies, postComment, deleteComment, likeComment },
    guards: {
      seeded: ({ context }) => context.pageLoad.asOf >= 0,
      hasMore: ({ context }) => context.nextCursor !== null,
      canPost: ({ context, event }) => {
        if (event.type !== 'comment.post' || commentDraftProblem(event.draft) !== null) return false;
        if (event.draft.replyTo === undefined) return true;
        const answered = findShown(context, event.draft.replyTo);
        return !!answered && !answered.sending && !answered.deleted;
      },
      canDelete: ({ context, event }) => {
        if (event.type !== 'comment.delete') return false;
        const comment = findShown(context, event.id);
        return !!comment && comment.canDelete && !comment.sending && !comment.deleting;
      },
      canLike: ({ context, event }) => {
        if (event.type !== 'comment.like') return false;
        const comment = findShown(context, event.id);
        return !!comment && !comment.sending && !comment.deleted && comment.status === 'approved';
      },
      hasMoreReplies: ({ context, event }) =>
        event.type === 'replies.more' &&
        (shownThreads(context).find((thread) => thread.id === event.id)?.moreReplies ?? 0) > 0,
      nextIsPost: ({ context }) => context.queue[0]?.kind === 'post',
      nextIsDelete: ({ context }) => context.queue[0]?.kind === 'delete',
      nextIsLike: ({ context }) => context.queue[0]?.kind === 'like',
    },
    actions: {
      setOrder: assign({ order: ({ context, event }) => (event.type === 'order.set' ? event.order : context.order) }),
      askFirstPage: assign({ pageLoad: ({ context }) => ({ cursor: null, asOf: context.sent }) }),
      askNextPage: assign({ pageLoad: ({ context }) => ({ cursor: context.nextCursor, asOf: context.sent }) }),
      /** The change at the head of the queue is sent now: it gets the next sequence number. */
      send: assign({ sending: ({ context }) => context.sent, sent: ({ context }) => context.sent + 1 }),
      dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
      enqueuePost: assign(({ context, event }) => {
        if (event.type !== 'comment.post') return {};
        const { draft, author, at } = event;
        const answered = draft.replyTo === undefined ? undefined : findShown(context, draft.replyTo);
        const comment: LocalComment = {
          id: context.nextLocalId,
          targetType: context.target.type,
          targetId: context.target.id,
          parentId: answered ? (answered.parentId ?? answered.id) : null,
          // Only a reply to a reply names whom it answers (as the server does).
          replyTo: answered?.parentId ? { id: answered.id, nickName: answered.author.nickName } : null,
          author,
          content: draft.content.trim(),
          html: plainHtml(draft.content),
          status: 'approved',
          deleted: false,
          likes: 0,
          liked: false,
          canDelete: false,
          createdAt: at,
          sending: true,
        };
        return {
          local: [...context.local, comment],
          queue: [...context.queue, { kind: 'post' as const, localId: comment.id, draft }],
          nextLocalId: context.nextLocalId - 1,
        };
      }),
      enqueueDelete: assign({
        queue: ({ context, event }) => {
          if (event.type !== 'comment.delete') return context.queue;
          const comment = findShown(context, event.id);
          if (!comment) return context.queue;
          return [
            ...context.queue,
            {
              kind: 'delete' as const,
              id: comment.id,
              parentId: comment.parentId,
              approved: comment.status === 'approved',
            },
          ];
        },
      }),
      enqueueLike: assign({
        queue: ({ context, event }) => {
          if (event.type !== 'comment.like') return context.queue;
          const comment = findShown(context, event.id);
          if (!comment) return context.queue;
          return [...context.queue, { kind: 'like' as const, id: comment.id, liked: !comment.liked }];
        },
      }),
    },
  }).createMachine({
    id: 'comments',
    context: ({ input }) => {
      const initial = input.initial ?? null;
      const order = input.order ?? 'newest';
      const base: CommentsContext = {
        target: input.target,
        order,
        threads: [],
        local: [],
        nextCursor: null,
        count: { count: 0, asOf: -1 },
        visitorsMayComment: false,
        closed: false,
        sent: 0,
        amendments: [],
        queue: [],
        sending: 0,
        // A negative `asOf`: no page asked yet, so the list loads its first page (a seeded one starts ready).
        pageLoad: { cursor: null, asOf: -1 },
        repliesLoad: null,
        nextLocalId: -1,
        error: null,
      };
      if (!initial) return base;
      const seeded = { ...base, pageLoad: { cursor: null, asOf: 0 } };
      return { ...seeded, ...pageLoaded(seeded, initial, true) };
    },
    type: 'parallel',
    on: {
      'comment.post': { guard: 'canPost', actions: 'enqueuePost' },
      'comment.delete': { guard: 'canDelete', actions: 'enqueueDelete' },
      'comment.like': { guard: 'canLike', actions: 'enqueueLike' },
    },
    states: {
      list: {
        initial: 'starting',
        on: RELOADS,
        states: {
          starting: {
            always: [{ guard: 'seeded', target: 'ready' }, { target: 'loading' }],
          },
          loading: {
            tags: ['busy'],
            on: RESTARTS,
            entry: 'askFirstPage',
            invoke: {
              src: 'fetchPage',
              input: ({ context }) => ({ target: context.target, order: context.order, cursor: null }),
              onDone: {
                target: 'ready',
                actions: assign(({ context, event }) => pageLoaded(context, event.output, true)),
              },
              onError: {
                target: 'failed',
                actions: [
                  assign({ error: ({ event }) => messageOf(event.error) }),
                  emit(({ event }) => ({ type: 'load.failed' as const, ...failure(event.error) })),
                ],
              },
            },
          },
          ready: {
            tags: ['ready'],
            on: { 'page.next': { guard: 'hasMore', target: 'loadingMore' } },
          },
          loadingMore: {
            tags: ['busy'],
            entry: 'askNextPage',
            invoke: {
              src: 'fetchPage',
              input: ({ context }) => ({
                target: context.target,
                order: context.order,
                cursor: context.pageLoad.cursor,
              }),
              onDone: {
                target: 'ready',
                actions: assign(({ context, event }) => pageLoaded(context, event.output, false)),
              },
              onError: {
                target: 'ready',
                actions: emit(({ event }) => ({ type: 'load.failed' as const, ...failure(event.error) })),
              },
            },
          },
          /** The first page failed: `list.refresh` tries again. */
          failed: { tags: ['error'] },
        },
      },
      replies: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'replies.more': {
                guard: 'hasMoreReplies',
                target: 'loading',
                actions: assign({
                  repliesLoad: ({ context, event }) => {
                    const thread = context.threads.find((item) => item.id === event.id);
                    return { parentId: event.id, cursor: thread?.repliesCursor ?? null, asOf: context.sent };
                  },
                }),
              },
            },
          },
          loading: {
            invoke: {
              src: 'fetchReplies',
              input: ({ context }) => ({
                id: context.repliesLoad?.parentId ?? 0,
                cursor: context.repliesLoad?.cursor ?? null,
              }),
              onDone: {
                target: 'idle',
                actions: assign(({ context, event }) => {
                  const load = context.repliesLoad;
                  if (!load) return {};
                  return {
                    threads: mergeReplies(
                      context.threads,
                      load.parentId,
                      event.output,
                      load.cursor,
                      load.asOf,
                      context.order,
                      context.amendments,
                    ),
                    repliesLoad: null,
                  };
                }),
              },
              onError: {
                target: 'idle',
                actions: [
                  assign({ repliesLoad: null }),
                  emit(({ event }) => ({ type: 'load.failed' as const, ...failure(event.error) })),
                ],
              },
            },
          },
        },
      },
      /** The reader's changes, one at a time in the order made. */
      outbox: {
        initial: 'idle',
        states: {
          idle: {
            always: [
              { guard: 'nextIsPost', target: 'posting' },
              { guard: 'nextIsDelete', target: 'deleting' },
              { guard: 'nextIsLike', target: 'liking' },
            ],
          },
          posting: {
            entry: 'send',
            invoke: {
              src: 'postComment',
              input: ({ context }) => ({ target: context.target, draft: head(context, 'post').draft }),
              onDone: {
                target: 'idle',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const { localId } = head(context, 'post');
                  const comment = event.output;
                  const local = context.local.filter((item) => item.id !== localId);
                  if (comment.status === 'approved') {
                    enqueue.assign({
                      local,
                      ...confirmed(context, { seq: context.sending, kind: 'added', comment }, null),
                    });
                    enqueue.emit({ type: 'post.done', comment });
                  } else {
                    // Waiting for review: only this reader sees it, from the answer, until approved.
                    enqueue.assign({ local: [...local, { ...comment, sending: false }] });
                    enqueue.emit({ type: 'post.pending', comment });
                  }
                  enqueue('dequeue');
                }),
              },
              onError: {
                target: 'idle',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const { localId, draft } = head(context, 'post');
                  enqueue.assign({ local: context.local.filter((item) => item.id !== localId) });
                  enqueue.emit({ type: 'post.refused', draft, ...failure(event.error) });
                  enqueue('dequeue');
                }),
              },
            },
          },
          deleting: {
            entry: 'send',
            invoke: {
              src: 'deleteComment',
              input: ({ context }) => ({ id: head(context, 'delete').id }),
              onDone: {
                target: 'idle',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const { id, parentId, approved } = head(context, 'delete');
                  const seq = context.sending;
                  const amendment: Amendment | null = !approved
                    ? null
                    : event.output.kept
                      ? { seq, kind: 'blanked', id }
                      : { seq, kind: 'removed', id, parentId };
                  enqueue.assign({
                    local: context.local.filter((item) => item.id !== id),
                    ...confirmed(context, amendment, { count: event.output.count, asOf: seq + 1 }),
                  });
                  enqueue.emit({ type: 'delete.done', id });
                  enqueue('dequeue');
                }),
              },
              onError: {
                target: 'idle',
                actions: [
                  emit(({ event }) => ({ type: 'delete.failed' as const, ...failure(event.error) })),
                  'dequeue',
                ],
              },
            },
          },
          liking: {
            entry: 'send',
            invoke: {
              src: 'likeComment',
              input: ({ context }) => {
                const { id, liked } = head(context, 'like');
                return { id, liked };
              },
              onDone: {
                target: 'idle',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const { id } = head(context, 'like');
                  enqueue.assign(
                    confirmed(context, { seq: context.sending, kind: 'liked', id, state: event.output }, null),
                  );
                  enqueue('dequeue');
                }),
              },
              onError: {
                target: 'idle',
                // The like shown goes back to what the server last said.
                actions: [emit(({ event }) => ({ type: 'like.failed' as const, ...failure(event.error) })), 'dequeue'],
              },
            },
          },
        },
      },
    },
  }),
);
