import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { socketActor, createChatRoom } from '../../../src/adapters/chat/chatRoom';
import {
  CHAT_HEARTBEAT_MS,
  CHAT_MAX_RETRIES,
  CHAT_RETRY_DELAY_MS,
  type ChatMessage,
  type ChatSend,
} from '../../../src/domain/chat/chat';
import { chatConnectionMachine } from '../../../src/domain/chat/chatConnection.machine';
import type { Notice } from '../../../src/ports/notifier';
import { FakeChatApi, FakeChatSocket, ME, type FakeLink } from '../../fakes/chatSocket';

const send = (n: number): ChatSend => ({ kind: 'message', clientId: `c-${n}`, content: `m${n}`, contentType: 'text' });

function connection(socket: FakeChatSocket) {
  const actor = createActor(chatConnectionMachine.provide({ actors: { openSocket: socketActor(socket) } }), {
    input: {},
  });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  return { actor: actor.start(), emitted };
}

describe('chat connection machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens on room.open and sends init with the newest id held, then the pending sends', () => {
    const socket = new FakeChatSocket();
    const { actor } = connection(socket);
    actor.send({ type: 'message.send', send: send(1) });
    expect(socket.links).toHaveLength(0);
    actor.send({ type: 'room.open' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    socket.last!.open();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(socket.last!.sent).toEqual([{ kind: 'init', lastId: 0 }, send(1)]);
  });

  it('retries every 5 s up to 5 times, then fails until the reconnect button', () => {
    const socket = new FakeChatSocket();
    const { actor, emitted } = connection(socket);
    actor.send({ type: 'room.open' });
    for (let retry = 1; retry <= CHAT_MAX_RETRIES; retry += 1) {
      socket.last!.drop();
      expect(actor.getSnapshot().value).toBe('reconnecting');
      vi.advanceTimersByTime(CHAT_RETRY_DELAY_MS - 1);
      expect(socket.links).toHaveLength(retry);
      vi.advanceTimersByTime(1);
      expect(socket.links).toHaveLength(retry + 1);
    }
    socket.last!.drop();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    vi.advanceTimersByTime(120_000);
    expect(socket.links).toHaveLength(CHAT_MAX_RETRIES + 1);
    expect(emitted.filter((type) => type === 'connection.lost')).toHaveLength(1);
    actor.send({ type: 'connection.retry' });
    expect(socket.links).toHaveLength(CHAT_MAX_RETRIES + 2);
  });

  it('pings every 30 s and reconnects when a ping got no answer', () => {
    const socket = new FakeChatSocket();
    const { actor } = connection(socket);
    actor.send({ type: 'room.open' });
    const first = socket.last!;
    first.open();
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS);
    expect(first.sent.at(-1)).toEqual({ kind: 'ping' });
    first.deliver({ kind: 'pong' });
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS);
    expect(first.sent.filter((frame) => frame.kind === 'ping')).toHaveLength(2);
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS);
    expect(first.closedByClient).toBe(true);
    expect(actor.getSnapshot().value).toBe('reconnecting');
  });

  it('does not reconnect by itself after a kick (close code 4001)', () => {
    const socket = new FakeChatSocket();
    const { actor } = connection(socket);
    actor.send({ type: 'room.open' });
    socket.last!.open();
    socket.last!.drop(4001);
    vi.advanceTimersByTime(600_000);
    expect(actor.getSnapshot().value).toBe('kicked');
    expect(socket.links).toHaveLength(1);
  });

  it('a slow open counts as a failed attempt after 10 s', () => {
    const socket = new FakeChatSocket();
    const { actor } = connection(socket);
    actor.send({ type: 'room.open' });
    vi.advanceTimersByTime(10_000);
    expect(socket.links[0]!.closedByClient).toBe(true);
    expect(actor.getSnapshot().value).toBe('reconnecting');
  });

  it('closing the room closes the socket and leaves no timer', () => {
    const socket = new FakeChatSocket();
    const { actor } = connection(socket);
    actor.send({ type: 'room.open' });
    socket.last!.open();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    actor.send({ type: 'room.close' });
    expect(socket.last!.closedByClient).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    actor.send({ type: 'room.open' });
    socket.last!.drop();
    actor.send({ type: 'room.close' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a sign-in change reconnects and drops the previous user’s unsent messages', () => {
    const socket = new FakeChatSocket();
    const { actor, emitted } = connection(socket);
    actor.send({ type: 'room.open' });
    actor.send({ type: 'message.send', send: send(1) });
    actor.send({ type: 'session.changed' });
    expect(socket.links).toHaveLength(2);
    expect(socket.links[0]!.closedByClient).toBe(true);
    expect(actor.getSnapshot().context.outbox).toEqual([]);
    expect(emitted).toContain('sends.dropped');
  });
});

// ---------------------------------------------------------------- property: arbitrary schedules

type Outcome = { kind: 'ok' | 'fail'; after: number } | { kind: 'hang' };
type Step = { kind: 'send' } | { kind: 'tick'; ms: number } | { kind: 'drop' } | { kind: 'close' } | { kind: 'open' };

const outcome: fc.Arbitrary<Outcome> = fc.oneof(
  fc.record({ kind: fc.constant('ok' as const), after: fc.integer({ min: 0, max: 12_000 }) }),
  fc.record({ kind: fc.constant('fail' as const), after: fc.integer({ min: 0, max: 12_000 }) }),
  fc.constant({ kind: 'hang' as const }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'send' as const }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 40_000 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'open' as const }) },
);

/**
 * The server's part over fake sockets: stores a client id once (like the real one), answers after
 * `latency` ms, and loses whatever was in flight when the socket dropped. Its delays are a queue run
 * between fake-timer advances, so the fake timers hold only the client's timers.
 */
class ScheduledServer {
  stored = new Map<string, number>();
  receipts: string[] = [];
  private queue: { due: number; run: () => void }[] = [];
  private nextId = 1;
  history: ChatMessage[] = [];

  constructor(
    private outcomes: Outcome[],
    private readonly latency: number,
  ) {}

  /** From now on every socket opens at once. */
  heal() {
    this.outcomes = [];
  }

  attach(socket: FakeChatSocket) {
    socket.onOpen = (link) => {
      const plan = this.outcomes.shift() ?? { kind: 'ok', after: 0 };
      if (plan.kind === 'hang') return;
      this.later(plan.after, () => (plan.kind === 'ok' ? this.serve(link) : link.drop()));
    };
  }

  private serve(link: FakeLink) {
    const originalSend = link.send.bind(link);
    link.send = (frame) => {
      if (link.state !== 'open') return;
      originalSend(frame);
      if (frame.kind === 'init') {
        this.later(this.latency, () =>
          link.deliver({
            kind: 'init',
            mode: 'missed',
            list: this.history.filter((m) => m.id > frame.lastId),
            reverted: [],
            hasMore: false,
            online: [],
            me: ME,
          }),
        );
      } else if (frame.kind === 'ping') {
        this.later(this.latency, () => link.deliver({ kind: 'pong' }));
      } else if (frame.kind === 'message') {
        this.receipts.push(frame.clientId);
        let id = this.stored.get(frame.clientId);
        const duplicate = id !== undefined;
        if (id === undefined) {
          id = this.nextId++;
          this.stored.set(frame.clientId, id);
          this.history.push({
            id,
            userId: ME.userId,
            nickName: ME.nickName,
            avatar: '',
            content: frame.content,
            contentType: 'text',
            clientId: frame.clientId,
            time: '2026-01-01T00:00:00.000Z',
          });
        }
        const message = this.history.find((m) => m.id === id)!;
        this.later(this.latency, () => {
          link.deliver({ kind: 'ack', clientId: frame.clientId, id: id!, duplicate });
          if (!duplicate) link.deliver({ kind: 'message', message });
        });
      }
    };
    link.open();
  }

  later(ms: number, run: () => void) {
    this.queue.push({ due: Date.now() + ms, run });
  }

  /** Advances time by `ms`, running the server's due work in order between the client's timers. */
  advance(ms: number) {
    const end = Date.now() + ms;
    for (;;) {
      this.queue.sort((a, b) => a.due - b.due);
      const next = this.queue[0];
      if (next && next.due <= Date.now()) {
        this.queue.shift();
        next.run();
        continue;
      }
      if (Date.now() >= end) break;
      // Small steps, so the client's timers and the server's answers interleave in time order.
      const target = Math.min(end, next ? next.due : end, Date.now() + 250);
      vi.advanceTimersByTime(target - Date.now());
    }
  }
}

describe('chat connection under arbitrary schedules (fast-check)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('delivers every accepted send exactly once, retries at most 5 times on the 5 s schedule, and closing leaves no timer', () => {
    fc.assert(
      fc.property(
        fc.array(outcome, { maxLength: 20 }),
        fc.array(step, { maxLength: 40 }),
        fc.integer({ min: 0, max: 3000 }),
        (outcomes, steps, latency) => {
          vi.clearAllTimers();
          vi.setSystemTime(0);
          const server = new ScheduledServer([...outcomes], latency);
          const socket = new FakeChatSocket();
          server.attach(socket);
          const notices: Notice[] = [];
          const chat = createChatRoom({
            socket,
            api: new FakeChatApi(),
            notifier: { notify: (notice) => notices.push(notice) },
            clock: { now: () => Date.now(), hour: () => 12 },
            random: { int: () => 3 },
          });
          // The room knows the reader from the server's init; before the first one, sends are refused
          // (visitor), so the schedule starts signed in.
          chat.room.send({
            type: 'frame.received',
            frame: { kind: 'init', mode: 'recent', list: [], reverted: [], hasMore: false, online: [], me: ME },
          });

          // Schedule checks: attempts stay within 5; each retry opens exactly 5 s after its failure.
          let reconnectingSince: number | null = null;
          let maxAttempts = 0;
          const violations: string[] = [];
          chat.connection.subscribe((snapshot) => {
            maxAttempts = Math.max(maxAttempts, snapshot.context.attempts);
            if (snapshot.value === 'reconnecting' && reconnectingSince === null) reconnectingSince = Date.now();
            if (snapshot.value !== 'reconnecting' && reconnectingSince !== null) {
              const waited = Date.now() - reconnectingSince;
              if (typeof snapshot.value === 'object' && waited !== CHAT_RETRY_DELAY_MS)
                violations.push(`retry after ${waited} ms`);
              reconnectingSince = null;
            }
          });

          let release: (() => void) | null = chat.attach();
          try {
            let accepted = 0;
            for (const s of steps) {
              switch (s.kind) {
                case 'send':
                  chat.room.send({ type: 'message.send', content: `hello ${accepted}` });
                  accepted += 1;
                  break;
                case 'tick':
                  server.advance(s.ms);
                  break;
                case 'drop':
                  socket.last?.drop();
                  break;
                case 'close':
                  release?.();
                  release = null;
                  if (vi.getTimerCount() !== 0) violations.push(`${vi.getTimerCount()} timers after close`);
                  if (socket.links.some((link) => link.state !== 'closed'))
                    violations.push('a socket outlived the room');
                  break;
                case 'open':
                  release ??= chat.attach();
                  break;
              }
            }

            // Settle: the room open, the network healthy from now on.
            release ??= chat.attach();
            server.heal();
            // A socket already hanging still times out; the reader presses reconnect if the round ran out.
            for (let second = 0; second < 120; second += 1) {
              if (['failed', 'kicked'].includes(String(chat.connection.getSnapshot().value)))
                chat.connection.send({ type: 'connection.retry' });
              server.advance(1000);
            }
            expect(violations).toEqual([]);
            expect(maxAttempts).toBeLessThanOrEqual(CHAT_MAX_RETRIES);
            expect(chat.connection.getSnapshot().hasTag('ready')).toBe(true);

            // Exactly once: every accepted send stored once, nothing else stored, nothing left pending.
            expect(server.stored.size).toBe(accepted);
            expect(chat.connection.getSnapshot().context.outbox).toEqual([]);
            const entries = chat.room.getSnapshot().context.entries;
            expect(entries.filter((entry) => entry.pending)).toEqual([]);
            expect(entries.map((entry) => entry.id)).toEqual([...server.stored.values()].sort((a, b) => a - b));
            expect(new Set(entries.map((entry) => entry.content)).size).toBe(accepted);

            release();
            expect(vi.getTimerCount()).toBe(0);
          } finally {
            chat.connection.stop();
            chat.room.stop();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
