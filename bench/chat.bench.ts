/**
 * Chat fan-out: N clients in one room on this machine, a few signed-in senders, every other socket a
 * visitor. Latency = from the send to each receiver's `message` frame (same process clock), p50/p99,
 * and lost deliveries. Baseline in the same run: a bare `ws` server that broadcasts every frame.
 *   npx tsx bench/chat.bench.ts [clients...]   (default 1000 2000)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { ScryptPasswordHasher } from '../server/adapters/crypto/scryptPasswordHasher';
import { loadConfig } from '../server/config';
import { createServer } from '../server/main';
import { signIn } from './benchSite';

const SENDERS = 4;
const MESSAGES_PER_SENDER = 5;
const GAP_MS = 1200; // under the 5-per-5-s limit per user

interface Result {
  p50: number;
  p99: number;
  lost: number;
  expected: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connect(url: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function openMany(count: number, open: () => Promise<WebSocket>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 100) {
    sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, count - i) }, open))));
  }
  return sockets;
}

/** Runs the senders' schedule and measures every receiver's arrival by message text. */
async function measure(
  receivers: WebSocket[],
  senders: ((text: string) => void)[],
  textOf: (data: string) => string | null,
): Promise<Result> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const seen = new Set<string>();
  receivers.forEach((socket, index) =>
    socket.on('message', (data) => {
      const text = textOf(String(data));
      const start = text === null ? undefined : sentAt.get(text);
      if (start === undefined || text === null) return;
      const key = `${index}:${text}`;
      if (seen.has(key)) return;
      seen.add(key);
      latencies.push(performance.now() - start);
    }),
  );
  for (let round = 0; round < MESSAGES_PER_SENDER; round += 1) {
    senders.forEach((sendText, s) => {
      const text = `bench-${s}-${round}-${Math.random().toString(36).slice(2, 8)}`;
      sentAt.set(text, performance.now());
      sendText(text);
    });
    await sleep(GAP_MS);
  }
  const expected = sentAt.size * receivers.length;
  const deadline = Date.now() + 10_000;
  while (latencies.length < expected && Date.now() < deadline) await sleep(100);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lost: expected - latencies.length,
    expected,
  };
}

async function benchChat(clients: number): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-bench-chat-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', REGISTER_LIMIT_PER_HOUR: '1000' },
    dataDir,
  );
  const server = await createServer(
    { ...config, clientDir: dataDir },
    { passwordHasher: new ScryptPasswordHasher({ N: 2 ** 12, r: 8, p: 1 }), announce: () => undefined },
  );
  const base = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  const url = `${base.replace('http', 'ws')}/ws/`;
  const origin = base;
  try {
    const cookies: string[] = [];
    for (let s = 0; s < SENDERS; s += 1) cookies.push(await signIn(base, `bench${s}${Date.now() % 100000}`.slice(0, 16)));
    const senderSockets = await Promise.all(cookies.map((cookie) => connect(url, { origin, cookie })));
    const receivers = await openMany(clients - SENDERS, () => connect(url, { origin }));
    for (const socket of [...senderSockets, ...receivers]) socket.send(JSON.stringify({ type: 'init' }));
    await sleep(1000);
    let n = 0;
    const result = await measure(
      receivers,
      senderSockets.map(
        (socket) => (text) =>
          socket.send(
            JSON.stringify({ type: 'message', content: text, content_type: 'text', client_id: `b${(n += 1)}` }),
          ),
      ),
      (data) => {
        const frame = JSON.parse(data) as { type: string; content?: string };
        return frame.type === 'message' ? (frame.content ?? null) : null;
      },
    );
    for (const socket of [...senderSockets, ...receivers]) socket.terminate();
    return result;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The part of `ws`'s server the baseline uses (the repository's `ws` type shim declares less). */
interface BareServer {
  clients: Set<WebSocket>;
  once(event: 'listening', listener: () => void): void;
  on(event: 'connection', listener: (socket: WebSocket) => void): void;
  address(): { port: number };
  close(callback: () => void): void;
}
const BareWebSocketServer = WebSocketServer as unknown as new (options: { port: number; host: string }) => BareServer;

async function benchBare(clients: number): Promise<Result> {
  const wss = new BareWebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  wss.on('connection', (socket) =>
    socket.on('message', (data) => {
      for (const client of wss.clients) if (client.readyState === WebSocket.OPEN) client.send(String(data));
    }),
  );
  const { port } = wss.address();
  const url = `ws://127.0.0.1:${port}/`;
  const senderSockets = await Promise.all(Array.from({ length: SENDERS }, () => connect(url, {})));
  const receivers = await openMany(clients - SENDERS, () => connect(url, {}));
  const result = await measure(
    receivers,
    senderSockets.map((socket) => (text) => socket.send(text)),
    (data) => data,
  );
  for (const socket of [...senderSockets, ...receivers]) socket.terminate();
  await new Promise<void>((resolve) => wss.close(resolve));
  return result;
}

const fmt = (r: Result) => `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, lost ${r.lost}/${r.expected}`;

const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > SENDERS);
for (const clients of counts.length ? counts : [1000, 2000]) {
  const bare = await benchBare(clients);
  const chat = await benchChat(clients);
  console.log(
    `${clients} clients | chat room: ${fmt(chat)} | bare ws: ${fmt(bare)} | p99 ratio ${(chat.p99 / bare.p99).toFixed(2)}`,
  );
}
process.exit(0);
