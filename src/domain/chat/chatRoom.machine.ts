import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import { ReportedError } from '../account/account';
import {
  CHAT_PAGE_SIZE,
  checkSend,
  clientIdFor,
  confirmSend,
  dropPending,
  isAdmin,
  mergeMessages,
  normalise,
  oldestId,
  pendingOnly,
  pageHasMore,
  removeIds,
  toEntry,
  type ChatContentType,
  type ChatEntry,
  type ChatInbound,
  type ChatMe,
  type ChatMessage,
  type ChatOutbound,
  type ChatSend,
  type OnlineUser,
  type PickedImage,
  type SendRefusal,
  type TipCode,
} from './chat';

/**
 * What the room shows: the message list (history paged by 10, live frames, the reader's pending sends),
 * the new-message counter while the reader is scrolled up, the online list and the signed-in reader.
 * It decides what to send; the connection machine delivers it (the facade forwards `outbound` events).
 */

export interface ChatRoomContext {
  /** Stored messages by id, then the reader's pending sends. */
  entries: ChatEntry[];
  /** Older messages may exist (spec 9: a full page of 10 means more). */
  hasMore: boolean;
  online: OnlineUser[];
  /** The reader as the server sees them; null for a visitor (read-only). */
  me: ChatMe | null;
  /** Messages by others that arrived while the reader was scrolled up. */
  unread: number;
  atBottom: boolean;
  /** Prefix of this tab's client message ids (from the Random port and the clock). */
  prefix: string;
  /** Sends made by this tab so far: the next client id's number. */
  seq: number;
  /** True once a send was refused because the reader is muted or kicked (until the next init). */
  muted: boolean;
  /** The message being reverted or the history being cleared. */
  pendingAction: { kind: 'revert'; id: number } | { kind: 'clear' } | null;
  /** Set once the server answered init: before that the list shows no empty text. */
  joined: boolean;
}

export type ChatRoomEvent =
  | { type: 'frame.received'; frame: ChatInbound }
  | { type: 'history.more' }
  | { type: 'message.send'; content: string }
  | { type: 'image.send'; image: PickedImage }
  | { type: 'message.revert'; id: number }
  | { type: 'history.clear' }
  | { type: 'user.kick'; userId: number }
  | { type: 'user.mute'; userId: number; minutes: number }
  | { type: 'view.scrolled'; atBottom: boolean }
  /** The previous user's unsent messages are gone (sign-out or another account). */
  | { type: 'sends.dropped'; clientIds: string[] };

export type ChatRoomNotice =
  | { kind: 'refused'; reason: SendRefusal }
  | { kind: 'tip'; code: TipCode; content: string }
  | { kind: 'imageFailed' }
  | { kind: 'reverted' }
  | { kind: 'cleared' }
  | { kind: 'actionFailed'; message: string };

export type ChatRoomEmitted =
  /** A frame for the connection machine to deliver. */
  { type: 'outbound'; frame: ChatOutbound } | { type: 'notice'; notice: ChatRoomNotice };

export interface ChatRoomInput {
  prefix: string;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Placeholders: the adapter supplies the real calls with machine.provide({ actors }).
const fetchHistory = fromPromise<ChatMessage[], { size: number; lastId: number | null }>(async () => {
  throw new Error('chatRoom: fetchHistory actor not provided');
});
const uploadImage = fromPromise<string, { image: PickedImage }>(async () => {
  throw new Error('chatRoom: uploadImage actor not provided');
});
const revertMessage = fromPromise<void, { id: number }>(async () => {
  throw new Error('chatRoom: revertMessage actor not provided');
});
const clearHistory = fromPromise<void, void>(async () => {
  throw new Error('chatRoom: clearHistory actor not provided');
});

/** The context after the reader sends `content`: a pending entry, and the send to deliver. */
function pendingSend(
  context: ChatRoomContext,
  content: string,
  contentType: ChatContentType,
): { entry: ChatEntry; send: ChatSend } {
  const me = context.me as ChatMe;
  const clientId = clientIdFor(context.prefix, context.seq + 1);
  return {
    send: { kind: 'message', clientId, content, contentType },
    entry: {
      id: null,
      pending: true,
      userId: me.userId,
      nickName: me.nickName,
      avatar: me.avatar,
      content,
      contentType,
      clientId,
      time: '',
    },
  };
}

/** The room after one server frame. */
function applyFrame(context: ChatRoomContext, frame: ChatInbound): Partial<ChatRoomContext> {
  switch (frame.kind) {
    case 'init': {
      const me = frame.me;
      // Pending sends of someone else (before a sign-in change) are not this reader's.
      const pending = context.entries.filter((entry) => entry.id === null && entry.userId === me?.userId);
      const entries =
        frame.mode === 'recent'
          ? normalise([...frame.list.map(toEntry), ...pending])
          : removeIds(mergeMessages(context.entries, frame.list), frame.reverted);
      return {
        entries,
        hasMore: frame.mode === 'recent' ? frame.hasMore : context.hasMore,
        online: frame.online,
        me,
        muted: false,
        joined: true,
      };
    }
    case 'message': {
      const known = context.entries.some((entry) => entry.id === frame.message.id);
      const own = context.me !== null && frame.message.userId === context.me.userId;
      return {
        entries: mergeMessages(context.entries, [frame.message]),
        unread: !known && !own && !context.atBottom ? context.unread + 1 : context.unread,
      };
    }
    case 'ack':
      return context.me ? { entries: confirmSend(context.entries, frame.clientId, context.me.userId, frame.id) } : {};
    case 'tips':
      return {
        entries: frame.clientId === undefined ? context.entries : dropPending(context.entries, frame.clientId),
        muted: context.muted || (frame.clientId !== undefined && frame.code === 'muted'),
      };
    case 'online':
      return { online: frame.list };
    case 'revert':
      return { entries: removeIds(context.entries, [frame.messageId]) };
    case 'clear':
      return { entries: pendingOnly(context.entries), hasMore: false, unread: 0 };
    case 'offline':
      return {};
    case 'pong':
      return {};
  }
}

export const chatRoomMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as ChatRoomContext,
      events: {} as ChatRoomEvent,
      emitted: {} as ChatRoomEmitted,
      input: {} as ChatRoomInput,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { fetchHistory, uploadImage, revertMessage, clearHistory },
    guards: {
      canLoadMore: ({ context }) => context.hasMore,
      isAdmin: ({ context }) => isAdmin(context.me),
      signedIn: ({ context }) => context.me !== null,
    },
    actions: {
      applyFrame: assign(({ context, event }) =>
        event.type === 'frame.received' ? applyFrame(context, event.frame) : {},
      ),
      tellFrame: enqueueActions(({ enqueue, event }) => {
        if (event.type !== 'frame.received') return;
        const { frame } = event;
        if (frame.kind === 'tips')
          enqueue.emit({ type: 'notice', notice: { kind: 'tip', code: frame.code, content: frame.content } });
        if (frame.kind === 'offline')
          enqueue.emit({ type: 'notice', notice: { kind: 'tip', code: 'kicked', content: frame.content } });
      }),
      sendText: enqueueActions(({ enqueue, context, event }) => {
        if (event.type !== 'message.send') return;
        const refusal = checkSend(context.me, event.content);
        if (refusal) {
          enqueue.emit({ type: 'notice', notice: { kind: 'refused', reason: refusal } });
          return;
        }
        const { entry, send } = pendingSend(context, event.content.trim(), 'text');
        enqueue.assign({ entries: [...context.entries, entry], seq: context.seq + 1, unread: 0 });
        enqueue.emit({ type: 'outbound', frame: send });
      }),
      sendImage: enqueueActions(({ enqueue, context }, params: { url: string }) => {
        if (!context.me) return;
        const { entry, send } = pendingSend(context, params.url, 'image');
        enqueue.assign({ entries: [...context.entries, entry], seq: context.seq + 1, unread: 0 });
        enqueue.emit({ type: 'outbound', frame: send });
      }),
      /** A failed call's message, unless the HTTP client already showed it. */
      tellFailure: enqueueActions(({ enqueue, event }) => {
        const error = (event as { error?: unknown }).error;
        if (error instanceof ReportedError) return;
        enqueue.emit({ type: 'notice', notice: { kind: 'actionFailed', message: errorText(error) } });
      }),
      refuseVisitor: emit({ type: 'notice', notice: { kind: 'refused', reason: 'login_required' } } as const),
      kick: emit(({ event }) => ({
        type: 'outbound' as const,
        frame: { kind: 'offline' as const, userId: event.type === 'user.kick' ? event.userId : 0 },
      })),
      mute: emit(({ event }) => ({
        type: 'outbound' as const,
        frame: {
          kind: 'mute' as const,
          userId: event.type === 'user.mute' ? event.userId : 0,
          minutes: event.type === 'user.mute' ? event.minutes : 0,
        },
      })),
      scrolled: assign(({ context, event }) => {
        if (event.type !== 'view.scrolled') return {};
        return { atBottom: event.atBottom, unread: event.atBottom ? 0 : context.unread };
      }),
      dropSends: assign({
        entries: ({ context, event }) => {
          if (event.type !== 'sends.dropped') return context.entries;
          const gone = new Set(event.clientIds);
          return context.entries.filter((entry) => !(entry.id === null && gone.has(entry.clientId)));
        },
      }),
    },
  }).createMachine({
    id: 'chatRoom',
    context: ({ input }) => ({
      entries: [],
      hasMore: false,
      online: [],
      me: null,
      unread: 0,
      atBottom: true,
      prefix: input.prefix,
      seq: 0,
      muted: false,
      pendingAction: null,
      joined: false,
    }),
    type: 'parallel',
    on: {
      'frame.received': { actions: ['applyFrame', 'tellFrame'] },
      'message.send': { actions: 'sendText' },
      'view.scrolled': { actions: 'scrolled' },
      'sends.dropped': { actions: 'dropSends' },
      'user.kick': { guard: 'isAdmin', actions: 'kick' },
      'user.mute': { guard: 'isAdmin', actions: 'mute' },
    },
    states: {
      /** Older pages through getChatList, 10 at a time, before the oldest message held. */
      history: {
        initial: 'idle',
        states: {
          idle: {
            tags: ['ready'],
            on: { 'history.more': { guard: 'canLoadMore', target: 'loading' } },
          },
          loading: {
            tags: ['busy'],
            invoke: {
              src: 'fetchHistory',
              input: ({ context }) => ({ size: CHAT_PAGE_SIZE, lastId: oldestId(context.entries) }),
              onDone: {
                target: 'idle',
                actions: assign(({ context, event }) => ({
                  entries: mergeMessages(context.entries, event.output),
                  hasMore: pageHasMore(event.output.length),
                })),
              },
              onError: {
                target: 'idle',
                actions: 'tellFailure',
              },
            },
          },
        },
      },
      /** Spec 4: an uploaded image is sent as an image message. One at a time. */
      upload: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'image.send': [{ guard: 'signedIn', target: 'uploading' }, { actions: 'refuseVisitor' }],
            },
          },
          uploading: {
            tags: ['busy'],
            invoke: {
              src: 'uploadImage',
              input: ({ event }) => ({ image: (event as Extract<ChatRoomEvent, { type: 'image.send' }>).image }),
              onDone: {
                target: 'idle',
                actions: { type: 'sendImage', params: ({ event }) => ({ url: event.output }) },
              },
              onError: { target: 'idle', actions: emit({ type: 'notice', notice: { kind: 'imageFailed' } } as const) },
            },
          },
        },
      },
      /** Revert (author or administrator) and clear (administrator): REST calls; the server broadcasts. */
      action: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              'message.revert': {
                guard: 'signedIn',
                target: 'reverting',
                actions: assign({
                  pendingAction: ({ event }) => ({ kind: 'revert' as const, id: event.id }),
                }),
              },
              'history.clear': {
                guard: 'isAdmin',
                target: 'clearing',
                actions: assign({ pendingAction: { kind: 'clear' as const } }),
              },
            },
          },
          reverting: {
            tags: ['busy'],
            invoke: {
              src: 'revertMessage',
              input: ({ context }) => ({ id: context.pendingAction?.kind === 'revert' ? context.pendingAction.id : 0 }),
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context }) => ({
                    entries:
                      context.pendingAction?.kind === 'revert'
                        ? removeIds(context.entries, [context.pendingAction.id])
                        : context.entries,
                    pendingAction: null,
                  })),
                  emit({ type: 'notice', notice: { kind: 'reverted' } } as const),
                ],
              },
              onError: {
                target: 'idle',
                actions: [assign({ pendingAction: null }), 'tellFailure'],
              },
            },
          },
          clearing: {
            tags: ['busy'],
            invoke: {
              src: 'clearHistory',
              onDone: {
                target: 'idle',
                actions: [
                  assign(({ context }) => ({
                    entries: pendingOnly(context.entries),
                    hasMore: false,
                    unread: 0,
                    pendingAction: null,
                  })),
                  emit({ type: 'notice', notice: { kind: 'cleared' } } as const),
                ],
              },
              onError: {
                target: 'idle',
                actions: [assign({ pendingAction: null }), 'tellFailure'],
              },
            },
          },
        },
      },
    },
  }),
);
