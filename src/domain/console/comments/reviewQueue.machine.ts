import { assign, emit, fromPromise, setup } from 'xstate';
import { ReportedError } from '../../account/account';
import type { CommentStatus } from '../../comments/comments';
import { REVIEW_PAGE_SIZE, type ReviewAction, type ReviewPage, type ReviewQuery } from './reviewQueue';

/**
 * The console's review queue: one tab (待审核 / 已通过 / 垃圾) at a time, searched and paged; approve, mark
 * as spam or delete one comment or the ones ticked. Each action reloads the page (counts and tabs move).
 */

export interface ReviewQueueContext {
  query: ReviewQuery;
  page: ReviewPage | null;
  /** Ticked comments of the page shown, for a batch action. */
  selected: number[];
  /** The comment (or, for a batch, the comments) an action in flight is on. */
  acting: { ids: number[]; action: ReviewAction } | null;
  error: string | null;
}

export type ReviewQueueEvent =
  | { type: 'tab.select'; status: CommentStatus }
  | { type: 'search'; keyword: string }
  | { type: 'page.go'; page: number }
  | { type: 'list.refresh' }
  | { type: 'comment.act'; id: number; action: ReviewAction }
  | { type: 'selection.toggle'; id: number }
  /** Ticks every comment of the page, or none when all are ticked. */
  | { type: 'selection.all' }
  | { type: 'selected.act'; action: ReviewAction };

export type ReviewQueueEmitted =
  | { type: 'acted'; action: ReviewAction; count: number }
  | { type: 'failed'; message: string; reported: boolean };

const failed = (error: unknown) => ({
  type: 'failed' as const,
  message: error instanceof Error ? error.message : String(error),
  reported: error instanceof ReportedError,
});

// Placeholders: the view supplies the real actors (over the console's comments port).
const loadQueue = fromPromise<ReviewPage, ReviewQuery>(async () => {
  throw new Error('reviewQueue: loadQueue actor not provided');
});
const act = fromPromise<number, { ids: number[]; action: ReviewAction }>(async () => {
  throw new Error('reviewQueue: act actor not provided');
});

export const reviewQueueMachine = setup({
  types: {
    context: {} as ReviewQueueContext,
    events: {} as ReviewQueueEvent,
    emitted: {} as ReviewQueueEmitted,
    tags: {} as 'busy' | 'error' | 'ready',
  },
  actors: { loadQueue, act },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    setTab: assign({
      query: ({ context, event }) => (event.type === 'tab.select' ? { ...context.query, status: event.status, current: 1 } : context.query),
      selected: [],
    }),
    setKeyword: assign({
      query: ({ context, event }) => (event.type === 'search' ? { ...context.query, keyword: event.keyword.trim(), current: 1 } : context.query),
      selected: [],
    }),
    setPage: assign({
      query: ({ context, event }) => (event.type === 'page.go' ? { ...context.query, current: Math.max(1, event.page) } : context.query),
      selected: [],
    }),
    toggle: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'selection.toggle') return context.selected;
        return context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id];
      },
    }),
    toggleAll: assign({
      selected: ({ context }) => {
        const ids = context.page?.list.map((comment) => comment.id) ?? [];
        return ids.length > 0 && ids.every((id) => context.selected.includes(id)) ? [] : ids;
      },
    }),
  },
}).createMachine({
  id: 'reviewQueue',
  context: {
    query: { status: 'pending', keyword: '', current: 1, size: REVIEW_PAGE_SIZE },
    page: null,
    selected: [],
    acting: null,
    error: null,
  },
  initial: 'loading',
  on: {
    'tab.select': { target: '.loading', actions: 'setTab' },
    search: { target: '.loading', actions: 'setKeyword' },
    'page.go': { target: '.loading', actions: 'setPage' },
    'list.refresh': { target: '.loading' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadQueue',
        input: ({ context }) => context.query,
        onDone: [
          {
            // An action emptied the last page: show the page before it.
            guard: ({ event, context }) => event.output.list.length === 0 && context.query.current > 1 && event.output.total > 0,
            target: 'loading',
            reenter: true,
            actions: assign({ query: ({ context }) => ({ ...context.query, current: context.query.current - 1 }) }),
          },
          {
            target: 'ready',
            actions: assign({
              page: ({ event }) => event.output,
              selected: ({ context, event }) => context.selected.filter((id) => event.output.list.some((comment) => comment.id === id)),
              error: null,
            }),
          },
        ],
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ event }) => failed(event.error).message }), emit(({ event }) => failed(event.error))],
        },
      },
    },
    ready: {
      tags: ['ready'],
      on: {
        'comment.act': {
          target: 'acting',
          actions: assign({ acting: ({ event }) => ({ ids: [event.id], action: event.action }) }),
        },
        'selected.act': {
          guard: 'hasSelection',
          target: 'acting',
          actions: assign({ acting: ({ context, event }) => ({ ids: context.selected, action: event.action }) }),
        },
        'selection.toggle': { actions: 'toggle' },
        'selection.all': { actions: 'toggleAll' },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        src: 'act',
        input: ({ context }) => context.acting ?? { ids: [], action: 'approve' as const },
        onDone: {
          target: 'loading',
          actions: [
            emit(({ context, event }) => ({ type: 'acted' as const, action: context.acting?.action ?? 'approve', count: event.output })),
            assign({ acting: null, selected: ({ context }) => context.selected.filter((id) => !context.acting?.ids.includes(id)) }),
          ],
        },
        onError: {
          target: 'ready',
          actions: [emit(({ event }) => failed(event.error)), assign({ acting: null })],
        },
      },
    },
    failed: { tags: ['error'] },
  },
});
