import fc from 'fast-check';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MAX_FRAME_BYTES } from '../../../src/protocol/chat';
import { hostileString, startFuzzSite, type FuzzSite } from './support';

/**
 * Arbitrary frames from a signed-in user on the chat socket (/ws/): the server never crashes, never
 * leaks a stack, and answers every frame (a `tips` refusal, an ack, a pong…) or closes the socket cleanly.
 */
let fuzz: FuzzSite;
let baseUrl: string;
beforeAll(async () => {
  fuzz = await startFuzzSite();
  baseUrl = (await fuzz.site.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
}, 60_000);
afterAll(() => fuzz.site.close());

const KNOWN = new Set(['init', 'message', 'ack', 'revert', 'clear', 'tips', 'offline', 'onlineList', 'pong']);
const STACK = /\bat [^\n]*:\d+:\d+|node_modules|\/work\/|\/home\/|Error: /;

interface Socket {
  socket: WebSocket;
  frames: string[];
  closed: Promise<number>;
  isClosed(): boolean;
}

async function open(headers: Record<string, string>): Promise<Socket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/`, { headers, origin: baseUrl });
  const frames: string[] = [];
  let closedFlag = false;
  const closed = new Promise<number>((resolve) =>
    socket.on('close', (code: number) => {
      closedFlag = true;
      resolve(code);
    }),
  );
  socket.on('message', (data) => frames.push(String(data)));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', () => reject(new Error('upgrade refused')));
  });
  return { socket, frames, closed, isClosed: () => closedFlag };
}

/** Waits until a frame beyond `count` arrives or the socket closes; false on neither within the time. */
async function answered(s: Socket, count: number, timeoutMs = 3000): Promise<boolean> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (s.frames.length > count || s.isClosed()) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}

const clientId = fc.oneof(fc.string({ maxLength: 70 }), fc.integer(), fc.constant(null));
const frameValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        type: fc.constantFrom('init', 'message', 'offline', 'mute', 'ping', 'unknown', '', 'INIT'),
        content: fc.oneof(hostileString, fc.integer(), fc.constant(null)),
        content_type: fc.oneof(fc.constantFrom('text', 'image', 'video', ''), fc.integer()),
        client_id: clientId,
        last_id: fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 2 ** 31, 1.5, '1', null)),
        user_id: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constantFrom('1', 2 ** 31, null)),
        minutes: fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.constantFrom('10', 1.5, null)),
      },
      { requiredKeys: ['type'] },
    ),
  },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

const rawFrame = fc.oneof(
  { weight: 5, arbitrary: frameValue.map((value) => ({ data: JSON.stringify(value) ?? 'null' })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(
        '',
        '{',
        'null',
        '[]',
        '{"type":"message","content":"x\\ud800","content_type":"text","client_id":"a"}',
        '{"type":"init","last_id":1e400}',
        '{"__proto__":{"type":"ping"}}',
        '['.repeat(5000) + ']'.repeat(5000),
        JSON.stringify({ type: 'message', content: '听'.repeat(4096), content_type: 'text', client_id: 'long' }),
      )
      .map((data) => ({ data })),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ data: Buffer.from(bytes) })) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((data) => ({ data })) },
);

describe('generated frames on the chat socket', () => {
  it('answers every frame from a signed-in user or closes cleanly, never with a stack, and keeps serving', async () => {
    const headers = await fuzz.headersFor('user');
    let s = await open(headers);
    await fc.assert(
      fc.asyncProperty(rawFrame, async (frame) => {
        if (s.isClosed()) s = await open(headers);
        const before = s.frames.length;
        // ws sends a Buffer as a binary frame and a string as a text frame.
        s.socket.send(frame.data);
        expect(await answered(s, before), `no answer to ${String(frame.data).slice(0, 120)}`).toBe(true);
        // The socket still answers a ping, or it was closed with a clean code.
        if (!s.isClosed()) {
          const count = s.frames.length;
          s.socket.send(JSON.stringify({ type: 'ping' }));
          expect(await answered(s, count)).toBe(true);
        } else {
          expect([1000, 1001, 1003, 1007, 1008, 1009]).toContain(await s.closed);
        }
        for (const text of s.frames.slice(before)) {
          const parsed = JSON.parse(text) as { type?: string };
          expect(KNOWN.has(String(parsed.type)), text).toBe(true);
          expect(STACK.test(text), text).toBe(false);
        }
      }),
      { numRuns: 150 },
    );
    s.socket.close();
  }, 120_000);

  it('refuses a message with a lone surrogate instead of storing it lossily', async () => {
    const s = await open(await fuzz.headersFor('user'));
    s.socket.send(JSON.stringify({ type: 'init' }));
    await answered(s, 0);
    const before = s.frames.length;
    s.socket.send('{"type":"message","content":"x\\ud800y","content_type":"text","client_id":"lone-1"}');
    expect(await answered(s, before)).toBe(true);
    const reply = JSON.parse(s.frames[before] ?? '{}') as { type?: string; message?: string; content?: string };
    expect(reply).toMatchObject({ type: 'tips', message: 'invalid_frame' });
    expect(reply.content).toMatch(/\p{Script=Han}/u);
    s.socket.close();
  });

  it('closes the socket on a frame over the limit, and the server keeps serving', async () => {
    const s = await open(await fuzz.headersFor('user'));
    s.socket.send('x'.repeat(CHAT_MAX_FRAME_BYTES + 1));
    expect(await s.closed).toBe(1009);
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    const again = await open(await fuzz.headersFor('user'));
    again.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await answered(again, 0)).toBe(true);
    again.socket.close();
  });
});
