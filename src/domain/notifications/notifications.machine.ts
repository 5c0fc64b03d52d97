import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import { ReportedError } from '../account/account';
import {
  NOTIFICATION_PAGE_SIZE,
  mergePage,
  targetFor,
  type NotificationItem,
  type NotificationPage,
  type NotificationTarget,
} from './notification';

export interface NotificationsContext {
  items: NotificationItem[];
  /** The last page loaded (1-based); 0 before the first. */
  page: number;
  total: number;
  unread: number;
  /** True once a page came back short or empty: "已经到底啦". */
  exhausted: boolean;
  adminUrl: string;
  drawerOpen: boolean;
  error: string | null;
  /** The notice being opened or deleted. */
  activeId: number | null;
  /** A link inside the notice being opened, which the reader clicked: it leads instead of the notice's own target. */
  link: { target: NotificationTarget } | null;
}

export type NotificationsEvent =
  /** A user signed in: load the first page (the bell's badge needs it). */
  | { type: 'session.started' }
  | { type: 'session.ended' }
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'page.next' }
  | { type: 'list.refresh' }
  | { type: 'item.open'; id: number }
  /** A link inside a notice was clicked: the notice is opened (marked read) but the link decides where to go. */
  | { type: 'item.follow'; id: number; target: NotificationTarget }
  | { type: 'item.delete'; id: number };

export type NotificationsEmitted =
  | { type: 'navigate'; target: NotificationTarget }
  | { type: 'deleted' }
  | { type: 'delete.failed'; message: string }
  | { type: 'load.failed'; message: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const loadFailed = (error: unknown) => ({ type: 'load.failed' as const, message: errorText(error) });

/** The context after page `page` arrived on top of the items already shown. */
function pageLoaded(shown: NotificationItem[], page: number, output: NotificationPage) {
  return {
    items: mergePage(shown, output.list),
    page,
    total: output.total,
    unread: output.unread,
    adminUrl: output.adminUrl,
    exhausted: output.list.length < NOTIFICATION_PAGE_SIZE,
    error: null,
  };
}

// Placeholders: the adapter supplies the real actors with machine.provide({ actors }).
const fetchPage = fromPromise<NotificationPage, { page: number; size: number }>(async () => {
  throw new Error('notifications: fetchPage actor not provided');
});
const markRead = fromPromise<void, { id: number }>(async () => {
  throw new Error('notifications: markRead actor not provided');
});
const deleteItem = fromPromise<void, { id: number }>(async () => {
  throw new Error('notifications: deleteItem actor not provided');
});

/** A notice opens from the list shown, whether it is loading, loaded or failed to reload; not mid-open or mid-delete. */
const OPENS_NOTICES = {
  'item.open': { target: 'opening', actions: 'remember' },
  'item.follow': { target: 'opening', actions: 'remember' },
} as const;

const EMPTY = { items: [], page: 0, total: 0, unread: 0, exhausted: false, error: null, activeId: null, link: null };

export const notificationsMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as NotificationsContext,
      events: {} as NotificationsEvent,
      emitted: {} as NotificationsEmitted,
      /** busy: a request is under way; acting: a notice is being opened or deleted (the list shown stays usable otherwise). */
      tags: {} as 'busy' | 'acting' | 'error' | 'ready',
    },
    actors: { fetchPage, markRead, deleteItem },
    delays: {
      /** How often the badge is refreshed while the drawer is closed. */
      poll: 60_000,
    },
    guards: {
      canLoadMore: ({ context }) => !context.exhausted,
      drawerClosed: ({ context }) => !context.drawerOpen,
      isUnread: ({ context }) => context.items.some((item) => item.id === context.activeId && item.unread),
    },
    actions: {
      reset: assign(EMPTY),
      openDrawer: assign({ drawerOpen: true }),
      closeDrawer: assign({ drawerOpen: false }),
      remember: assign({
        activeId: ({ event }) =>
          event.type === 'item.open' || event.type === 'item.follow' || event.type === 'item.delete' ? event.id : null,
        link: ({ event }) => (event.type === 'item.follow' ? { target: event.target } : null),
      }),
      /** The notice opened shows as read at once, without waiting for the reload that follows. */
      markShownRead: assign(({ context }) => ({
        items: context.items.map((item) => (item.id === context.activeId ? { ...item, unread: false } : item)),
        unread: Math.max(0, context.unread - 1),
      })),
      navigate: emit(({ context }) => {
        if (context.link) return { type: 'navigate' as const, target: context.link.target };
        const item = context.items.find((entry) => entry.id === context.activeId);
        return { type: 'navigate' as const, target: item ? targetFor(item, context.adminUrl) : null };
      }),
    },
  }).createMachine({
    id: 'notifications',
    context: { ...EMPTY, adminUrl: '', drawerOpen: false },
    initial: 'inactive',
    states: {
      inactive: {
        entry: ['reset', 'closeDrawer'],
        on: { 'session.started': { target: 'active' } },
      },
      active: {
        on: {
          'session.ended': { target: 'inactive' },
          // While a page loads, a notice opens or one is deleted, the bell still opens the drawer (on that list).
          'drawer.open': { actions: 'openDrawer' },
          'drawer.close': { actions: 'closeDrawer' },
        },
        initial: 'loadingFirst',
        states: {
          /** Page 1 from scratch: on start, on opening the drawer, after a click or a delete. */
          loadingFirst: {
            tags: ['busy'],
            // The list shown meanwhile is the last one: its notices and links keep working (the reload starts again after).
            on: {
              // The list must be read after the opening: a notice that arrived since this load began is shown.
              'drawer.open': { target: 'loadingFirst', reenter: true, actions: 'openDrawer' },
              ...OPENS_NOTICES,
            },
            invoke: {
              src: 'fetchPage',
              input: { page: 1, size: NOTIFICATION_PAGE_SIZE },
              onDone: {
                target: 'ready',
                actions: assign(({ event }) => pageLoaded([], 1, event.output)),
              },
              onError: {
                target: 'failed',
                actions: [
                  assign({ error: ({ event }) => errorText(event.error) }),
                  emit(({ event }) => loadFailed(event.error)),
                ],
              },
            },
          },
          loadingMore: {
            tags: ['busy'],
            on: {
              ...OPENS_NOTICES,
            },
            invoke: {
              src: 'fetchPage',
              input: ({ context }) => ({ page: context.page + 1, size: NOTIFICATION_PAGE_SIZE }),
              onDone: {
                target: 'ready',
                actions: assign(({ context, event }) => pageLoaded(context.items, context.page + 1, event.output)),
              },
              onError: {
                target: 'ready',
                actions: [
                  assign({ error: ({ event }) => errorText(event.error) }),
                  emit(({ event }) => loadFailed(event.error)),
                ],
              },
            },
          },
          ready: {
            tags: ['ready'],
            after: { poll: { guard: 'drawerClosed', target: 'loadingFirst' } },
            on: {
              // Each opening shows the newest state of the drawer.
              'drawer.open': { target: 'loadingFirst', actions: 'openDrawer' },
              'list.refresh': { target: 'loadingFirst' },
              'page.next': { guard: 'canLoadMore', target: 'loadingMore' },
              ...OPENS_NOTICES,
              'item.delete': { target: 'deleting', actions: 'remember' },
            },
          },
          failed: {
            tags: ['error'],
            after: { poll: { guard: 'drawerClosed', target: 'loadingFirst' } },
            on: {
              'drawer.open': { target: 'loadingFirst', actions: 'openDrawer' },
              'list.refresh': { target: 'loadingFirst' },
              ...OPENS_NOTICES,
            },
          },
          /** Spec: a click marks the notice read, navigates by type (or by the link clicked), closes the drawer and reloads. */
          opening: {
            tags: ['busy', 'acting'],
            initial: 'checking',
            states: {
              checking: {
                always: [{ guard: 'isUnread', target: 'marking' }, { target: 'done' }],
              },
              marking: {
                invoke: {
                  src: 'markRead',
                  input: ({ context }) => ({ id: context.activeId ?? 0 }),
                  // A failed mark still takes the reader where they wanted to go.
                  onDone: { target: 'done', actions: 'markShownRead' },
                  onError: { target: 'done' },
                },
              },
              done: {
                entry: ['navigate', 'closeDrawer', assign({ activeId: null, link: null })],
                always: { target: '#notifications.active.loadingFirst' },
              },
            },
          },
          /** Spec: a delete shows "删除成功" and reloads from page 1. */
          deleting: {
            tags: ['busy', 'acting'],
            invoke: {
              src: 'deleteItem',
              input: ({ context }) => ({ id: context.activeId ?? 0 }),
              onDone: {
                target: 'loadingFirst',
                actions: [assign({ activeId: null }), emit({ type: 'deleted' as const })],
              },
              onError: {
                target: 'ready',
                actions: [
                  assign({ activeId: null }),
                  enqueueActions(({ enqueue, event }) => {
                    if (!(event.error instanceof ReportedError)) {
                      enqueue.emit({ type: 'delete.failed' as const, message: errorText(event.error) });
                    }
                  }),
                ],
              },
            },
          },
        },
      },
    },
  }),
);
