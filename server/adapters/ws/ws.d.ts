/**
 * The slice of `ws` (installed with @fastify/websocket, which ships no types for it) that the chat socket
 * and its tests use. Delete this file if @types/ws is ever installed.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';

  type RawData = Buffer | ArrayBuffer | Buffer[];

  interface ClientOptions {
    headers?: OutgoingHttpHeaders;
    origin?: string;
    maxPayload?: number;
    handshakeTimeout?: number;
  }

  class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    readonly readyState: 0 | 1 | 2 | 3;
    readonly bufferedAmount: number;
    constructor(address: string, options?: ClientOptions);
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(data?: unknown, mask?: boolean, callback?: (error?: Error) => void): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'unexpected-response', listener: (request: ClientRequest, response: IncomingMessage) => void): this;
    on(event: 'open' | 'ping' | 'pong', listener: () => void): this;
    on(event: string | symbol, listener: (...args: unknown[]) => void): this;
    once(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    once(event: 'open', listener: () => void): this;
    once(event: string | symbol, listener: (...args: unknown[]) => void): this;
  }

  interface ServerOptions {
    maxPayload?: number;
    perMessageDeflate?: boolean;
  }

  class Server extends EventEmitter {
    readonly clients: Set<WebSocket>;
    constructor(options?: ServerOptions);
    close(callback?: (error?: Error) => void): void;
  }

  export { WebSocket, Server, Server as WebSocketServer, type ServerOptions, type ClientOptions, type RawData };
  export default WebSocket;
}
