import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '../../../src/protocol/chat';

export interface ChatClient {
  socket: WebSocket;
  /** Every frame received so far, in order. */
  frames: ServerFrame[];
  send(frame: ClientFrame | Record<string, unknown>): void;
  sendRaw(data: string): void;
  /** The first frame (already received or still to come) that matches, or a timeout error naming `what`. */
  waitFor<T extends ServerFrame = ServerFrame>(predicate: (frame: ServerFrame) => boolean, what?: string, timeoutMs?: number): Promise<T>;
  /** Frames received so far that match. */
  count(predicate: (frame: ServerFrame) => boolean): number;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  cookie?: string;
  token?: string;
  /** Defaults to the server's own origin. */
  origin?: string | null;
}

/** Opens a socket and resolves once it is open (rejects with the HTTP status when the upgrade is refused). */
export function connect(baseUrl: string, options: ConnectOptions = {}): Promise<ChatClient> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const origin = options.origin === undefined ? baseUrl : options.origin;
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/`, { headers, ...(origin !== null ? { origin } : {}) });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters) wake();
    });
  });
  socket.on('message', (data) => {
    frames.push(JSON.parse(String(data)) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const client: ChatClient = {
    socket,
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    sendRaw: (data) => socket.send(data),
    waitFor: <T extends ServerFrame>(predicate: (frame: ServerFrame) => boolean, what = 'a frame', timeoutMs = 5_000) =>
      new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = frames.find(predicate);
          if (found) {
            done();
            resolve(found as T);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out waiting for ${what}; received ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    count: (predicate) => frames.filter(predicate).length,
    closed,
    close: async () => {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.on('unexpected-response', (_request, response) => {
      reject(new Error(`upgrade refused: ${response.statusCode}`));
      socket.terminate();
    });
    socket.on('error', (error: Error) => reject(error));
  });
}

/** Connects and completes the init handshake. */
export async function join(baseUrl: string, options: ConnectOptions & { lastId?: number } = {}) {
  const client = await connect(baseUrl, options);
  client.send({ type: 'init', ...(options.lastId !== undefined ? { last_id: options.lastId } : {}) });
  const init = await client.waitFor<Extract<ServerFrame, { type: 'init' }>>((f) => f.type === 'init', 'init');
  return { client, init };
}

export const isMessage = (predicate: (m: Extract<ServerFrame, { type: 'message' }>) => boolean) => (frame: ServerFrame) =>
  frame.type === 'message' && predicate(frame);
export const isAck = (clientId: string) => (frame: ServerFrame) => frame.type === 'ack' && frame.client_id === clientId;
export const isTips = (code: string, clientId?: string) => (frame: ServerFrame) =>
  frame.type === 'tips' && frame.message === code && (clientId === undefined || frame.client_id === clientId);

let sequence = 0;
/** A fresh client message id. */
export const cid = (prefix = 'c') => `${prefix}-${process.pid}-${++sequence}`;
