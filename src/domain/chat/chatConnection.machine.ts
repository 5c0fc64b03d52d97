import { assign, emit, enqueueActions, fromCallback, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import {
  CHAT_CONNECT_TIMEOUT_MS,
  CHAT_HEARTBEAT_MS,
  CHAT_MAX_RETRIES,
  CHAT_RETRY_DELAY_MS,
  CLOSE_KICKED,
  type ChatInbound,
  type ChatOutbound,
  type ChatSend,
} from './chat';

/**
 * The chat socket of spec sections 4 and 9: connecting → open (`init` sent on open, then every accepted
 * send not yet acknowledged) → reconnecting every 5 s up to 5 times → failed, where the reconnect button
 * starts a new round. A 30 s heartbeat pings the open socket and reconnects when the last ping got no
 * answer. Closing the room stops the socket actor and every timer with the state that owned them.
 * Exactly once: each send keeps its client id in the outbox until its ack (or a refusal naming it)
 * arrives and is resent with the same id after every reconnect; the server stores a client id once.
 */

export interface ChatConnectionContext {
  /** Consecutive failed attempts since the socket last opened (never above CHAT_MAX_RETRIES). */
  attempts: number;
  /** Accepted sends waiting for their ack or refusal, oldest first; resent after every (re)open. */
  outbox: ChatSend[];
  /** The newest message id seen: `init` asks for what came after it. */
  lastId: number;
  /** Whether any frame arrived since the last ping. */
  alive: boolean;
}

export type ChatConnectionEvent =
  | { type: 'room.open' }
  | { type: 'room.close' }
  /** The reconnect button (after the retries ran out, or after a kick). */
  | { type: 'connection.retry' }
  /** Someone signed in or out: reconnect as them; the previous user's unsent messages are dropped. */
  | { type: 'session.changed' }
  | { type: 'message.send'; send: ChatSend }
  /** An administrator's kick or mute: sent only over an open socket. */
  | { type: 'admin.send'; frame: Extract<ChatOutbound, { kind: 'offline' | 'mute' }> }
  | { type: 'socket.opened' }
  | { type: 'socket.frame'; frame: ChatInbound }
  | { type: 'socket.closed'; code: number };

export type ChatConnectionEmitted =
  | { type: 'frame'; frame: ChatInbound }
  /** The first failure of a round: "聊天室连接失败，正在重连". */
  | { type: 'connection.lost' }
  | { type: 'connection.failed' }
  | { type: 'admin.dropped' }
  | { type: 'sends.dropped'; clientIds: string[] };

/** What the machine tells the socket actor. */
export interface SocketCommand {
  type: 'socket.send';
  frame: ChatOutbound;
}

export interface ChatConnectionInput {
  lastId?: number;
}

// Placeholder: the adapter supplies the real socket with machine.provide({ actors: { openSocket } }).
const openSocket = fromCallback<SocketCommand>(() => {
  throw new Error('chatConnection: openSocket actor not provided');
});

const frameIds = (frame: ChatInbound): number[] => {
  if (frame.kind === 'init') return frame.list.map((message) => message.id);
  if (frame.kind === 'message') return [frame.message.id];
  return [];
};

/** The client id a frame settles (acknowledges or refuses), if any. */
const settledId = (frame: ChatInbound): string | undefined =>
  frame.kind === 'ack' ? frame.clientId : frame.kind === 'tips' ? frame.clientId : undefined;

const command = (frame: ChatOutbound): SocketCommand => ({ type: 'socket.send', frame });

export const chatConnectionMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as ChatConnectionContext,
      events: {} as ChatConnectionEvent,
      emitted: {} as ChatConnectionEmitted,
      input: {} as ChatConnectionInput | undefined,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { openSocket },
    delays: {
      retry: CHAT_RETRY_DELAY_MS,
      heartbeat: CHAT_HEARTBEAT_MS,
      connectTimeout: CHAT_CONNECT_TIMEOUT_MS,
    },
    guards: {
      canRetry: ({ context }) => context.attempts < CHAT_MAX_RETRIES,
      kickedClose: ({ event }) => event.type === 'socket.closed' && event.code === CLOSE_KICKED,
      stale: ({ context }) => !context.alive,
    },
    actions: {
      enqueue: assign({
        outbox: ({ context, event }) => {
          if (event.type !== 'message.send') return context.outbox;
          // The same client id twice is one message: the first acceptance stands.
          if (context.outbox.some((send) => send.clientId === event.send.clientId)) return context.outbox;
          return [...context.outbox, event.send];
        },
      }),
      transmitSend: enqueueActions(({ enqueue, event }) => {
        if (event.type === 'message.send') enqueue.sendTo('socket', command(event.send));
      }),
      transmitAdmin: enqueueActions(({ enqueue, event }) => {
        if (event.type === 'admin.send') enqueue.sendTo('socket', command(event.frame));
      }),
      dropAdmin: emit({ type: 'admin.dropped' as const }),
      sendInit: enqueueActions(({ enqueue, context }) =>
        enqueue.sendTo('socket', command({ kind: 'init', lastId: context.lastId })),
      ),
      flushOutbox: enqueueActions(({ enqueue, context }) => {
        for (const send of context.outbox) enqueue.sendTo('socket', command(send));
      }),
      ping: enqueueActions(({ enqueue }) => enqueue.sendTo('socket', command({ kind: 'ping' }))),
      markAlive: assign({ alive: true }),
      markSilent: assign({ alive: false }),
      resetAttempts: assign({ attempts: 0 }),
      countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
      announceLost: enqueueActions(({ enqueue, context }) => {
        if (context.attempts === 1) enqueue.emit({ type: 'connection.lost' });
      }),
      announceFailed: emit({ type: 'connection.failed' as const }),
      /** Remembers the newest id and settles the send an ack or a refusal names. */
      receive: assign(({ context, event }) => {
        if (event.type !== 'socket.frame') return {};
        const ids = frameIds(event.frame);
        const settled = settledId(event.frame);
        return {
          lastId: ids.length > 0 ? Math.max(context.lastId, ...ids) : context.lastId,
          outbox: settled === undefined ? context.outbox : context.outbox.filter((send) => send.clientId !== settled),
        };
      }),
      forward: enqueueActions(({ enqueue, event }) => {
        if (event.type === 'socket.frame' && event.frame.kind !== 'pong')
          enqueue.emit({ type: 'frame', frame: event.frame });
      }),
      dropOutbox: enqueueActions(({ enqueue, context }) => {
        if (context.outbox.length > 0) {
          enqueue.emit({ type: 'sends.dropped', clientIds: context.outbox.map((send) => send.clientId) });
        }
        enqueue.assign({ outbox: [] });
      }),
    },
  }).createMachine({
    id: 'chatConnection',
    context: ({ input }) => ({ attempts: 0, outbox: [], lastId: input?.lastId ?? 0, alive: true }),
    initial: 'closed',
    on: {
      // Accepted in every state: kept until an open socket delivers it.
      'message.send': { actions: 'enqueue' },
      'admin.send': { actions: 'dropAdmin' },
      'session.changed': { actions: 'dropOutbox' },
    },
    states: {
      closed: {
        on: { 'room.open': { target: 'link', actions: 'resetAttempts' } },
      },
      /** A socket exists while in here: leaving closes it. */
      link: {
        invoke: { id: 'socket', src: 'openSocket' },
        on: {
          'room.close': { target: 'closed' },
          'session.changed': { target: 'link', reenter: true, actions: ['dropOutbox', 'resetAttempts'] },
          'socket.closed': [
            { guard: 'kickedClose', target: 'kicked' },
            { guard: 'canRetry', target: 'reconnecting' },
            { target: 'failed' },
          ],
        },
        initial: 'connecting',
        states: {
          connecting: {
            tags: ['busy'],
            on: { 'socket.opened': { target: 'open' } },
            after: {
              connectTimeout: [
                { guard: 'canRetry', target: '#chatConnection.reconnecting' },
                { target: '#chatConnection.failed' },
              ],
            },
          },
          open: {
            tags: ['ready'],
            entry: ['resetAttempts', 'markAlive', 'sendInit', 'flushOutbox'],
            on: {
              'message.send': { actions: ['enqueue', 'transmitSend'] },
              'admin.send': { actions: 'transmitAdmin' },
              'socket.frame': { actions: ['markAlive', 'receive', 'forward'] },
            },
            initial: 'beating',
            states: {
              beating: {
                after: {
                  heartbeat: [
                    // No answer since the last ping: the socket is not really open.
                    { guard: 'stale', target: '#chatConnection.reconnecting' },
                    { target: 'beating', reenter: true, actions: ['markSilent', 'ping'] },
                  ],
                },
              },
            },
          },
        },
      },
      reconnecting: {
        tags: ['busy'],
        entry: ['countAttempt', 'announceLost'],
        after: { retry: { target: 'link' } },
        on: {
          'room.close': { target: 'closed' },
          'connection.retry': { target: 'link', actions: 'resetAttempts' },
          'session.changed': { target: 'link', actions: ['dropOutbox', 'resetAttempts'] },
        },
      },
      failed: {
        tags: ['error'],
        entry: 'announceFailed',
        on: {
          'room.close': { target: 'closed' },
          'connection.retry': { target: 'link', actions: 'resetAttempts' },
          'session.changed': { target: 'link', actions: ['dropOutbox', 'resetAttempts'] },
        },
      },
      /** Kicked by an administrator: no automatic reconnect. */
      kicked: {
        tags: ['error'],
        on: {
          'room.close': { target: 'closed' },
          'connection.retry': { target: 'link', actions: 'resetAttempts' },
          'session.changed': { target: 'link', actions: ['dropOutbox', 'resetAttempts'] },
        },
      },
    },
  }),
);
