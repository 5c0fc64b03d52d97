import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { ReportedError } from '../../account/account';
import { pageCount } from '../../content/paging';

/**
 * A searched, paged list of the console (chat history, board posts, users): a query, a page of rows, and
 * one action on a row at a time (delete, hide, mute, a role…) whose answer replaces or removes the row. A
 * new query or page cancels the read in flight, so the rows always answer the latest query and page, however
 * the server's answers cross.
 */

export interface Row {
  id: number;
}

export interface PagedListContext<Item, Query, Action> {
  query: Query;
  current: number;
  size: number;
  items: Item[];
  total: number;
  /** The query and page `items` answer; null before the first answer. */
  shown: { query: Query; current: number } | null;
  /** Why the last read failed. */
  error: string | null;
  /** The action in flight, if any. */
  pending: Action | null;
  /** The row the action in flight is about (null for one about no row, or none). */
  acting: number | null;
}

export type PagedListEvent<Query, Action> =
  /** A typed search: read after a quiet moment. */
  | { type: 'query.type'; query: Query }
  /** A filter picked, or the search submitted: read at once, from page 1. */
  | { type: 'query.set'; query: Query }
  | { type: 'page.go'; current: number }
  | { type: 'list.reload' }
  | { type: 'item.act'; action: Action };

/** What an action did to the rows. */
export type ActionOutcome<Item> =
  | { kind: 'replace'; item: Item }
  | { kind: 'remove'; id: number }
  /** Others changed too (a mute lists a ban): read the page again. */
  | { kind: 'reload' }
  | { kind: 'none' };

export type PagedListEmitted<Item, Action> =
  | { type: 'action.done'; action: Action; outcome: ActionOutcome<Item> }
  /** `reported`: the HTTP client already showed it. */
  | { type: 'action.failed'; action: Action; message: string; reported: boolean };

export interface PagedListInput<Query> {
  query: Query;
  size: number;
}

/** Quiet time after the last keystroke before a typed search is read. */
export const SEARCH_QUIET_MS = 300;

/** The rows after an action's outcome. */
export function applyOutcome<Item extends Row>(items: Item[], total: number, outcome: ActionOutcome<Item>): { items: Item[]; total: number } {
  switch (outcome.kind) {
    case 'replace':
      return { items: items.map((item) => (item.id === outcome.item.id ? outcome.item : item)), total };
    case 'remove':
      return items.some((item) => item.id === outcome.id)
        ? { items: items.filter((item) => item.id !== outcome.id), total: Math.max(0, total - 1) }
        : { items, total };
    default:
      return { items, total };
  }
}

export { pageCount };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The machine for one list (`Item` a row as the server answers it, `Query` its search, `Action` what a row
 * may have done to it). The view provides `fetchPage`, and `runAction` when its rows have actions; `rowOf`
 * says which row an action is about.
 */
export function pagedListMachine<Item extends Row, Query, Action>(rowOf: (action: Action) => number | null = () => null) {
  return setup({
    types: {
      context: {} as PagedListContext<Item, Query, Action>,
      events: {} as PagedListEvent<Query, Action>,
      emitted: {} as PagedListEmitted<Item, Action>,
      input: {} as PagedListInput<Query>,
      tags: {} as 'busy' | 'error' | 'ready' | 'acting',
    },
    actors: {
      fetchPage: fromPromise<{ list: Item[]; total: number }, { query: Query; current: number; size: number }>(async () => {
        throw new Error('pagedList: fetchPage actor not provided');
      }),
      runAction: fromPromise<ActionOutcome<Item>, { action: Action }>(async () => {
        throw new Error('pagedList: runAction actor not provided');
      }),
    },
    delays: { quiet: SEARCH_QUIET_MS },
    actions: {
      setQuery: assign(({ event }) => (event.type === 'query.type' || event.type === 'query.set' ? { query: event.query, current: 1 } : {})),
      setPage: assign(({ event }) => (event.type === 'page.go' ? { current: Math.max(1, Math.floor(event.current)) } : {})),
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({
      query: input.query,
      current: 1,
      size: input.size,
      items: [],
      total: 0,
      shown: null,
      error: null,
      pending: null,
      acting: null,
    }),
    type: 'parallel',
    states: {
      list: {
        initial: 'loading',
        on: {
          'query.type': { target: '.waiting', reenter: true, actions: 'setQuery' },
          'query.set': { target: '.loading', reenter: true, actions: 'setQuery' },
          'page.go': { target: '.loading', reenter: true, actions: 'setPage' },
          'list.reload': { target: '.loading', reenter: true },
        },
        states: {
          waiting: {
            tags: ['busy'],
            after: { quiet: 'loading' },
          },
          loading: {
            tags: ['busy'],
            invoke: {
              src: 'fetchPage',
              input: ({ context }) => ({ query: context.query, current: context.current, size: context.size }),
              onDone: {
                target: 'ready',
                actions: assign(({ context, event }) => ({
                  items: event.output.list,
                  total: event.output.total,
                  shown: { query: context.query, current: context.current },
                  error: null,
                })),
              },
              onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
            },
          },
          ready: { tags: ['ready'] },
          failed: { tags: ['error'] },
        },
      },
      action: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'item.act': {
                target: 'working',
                actions: assign(({ event }) => ({ pending: event.action, acting: rowOf(event.action) })),
              },
            },
          },
          working: {
            tags: ['acting'],
            invoke: {
              src: 'runAction',
              input: ({ context }) => ({ action: context.pending as Action }),
              onDone: {
                target: 'idle',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  const after = applyOutcome(context.items, context.total, event.output);
                  enqueue.assign({ ...after, pending: null, acting: null });
                  enqueue.emit({ type: 'action.done', action: context.pending as Action, outcome: event.output });
                  if (event.output.kind === 'reload') enqueue.raise({ type: 'list.reload' });
                  // Removals emptied the page while rows remain: the page (or, past the end, the last one) again.
                  else if (event.output.kind === 'remove' && after.items.length === 0 && after.total > 0) {
                    enqueue.raise({ type: 'page.go', current: Math.min(context.current, pageCount(after.total, context.size)) });
                  }
                }),
              },
              onError: {
                target: 'idle',
                actions: enqueueActions(({ context, event, enqueue }) => {
                  enqueue.assign({ pending: null, acting: null });
                  enqueue.emit({
                    type: 'action.failed',
                    action: context.pending as Action,
                    message: messageOf(event.error),
                    reported: event.error instanceof ReportedError,
                  });
                }),
              },
            },
          },
        },
      },
    },
  });
}
