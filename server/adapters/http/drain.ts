import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import { failure } from './envelope';

export interface DrainGate {
  /** Requests being answered now. */
  readonly inFlight: number;
  /**
   * From now on every new request is answered 503 with `message` and `Connection: close`; resolves true once
   * the requests in flight have finished, false if `timeoutMs` passed first.
   * `handOver` (a cluster worker stopped alone, its siblings serving on): the port is left at once, so the
   * primary hands new connections to the other workers, and a request still arriving on a connection this
   * worker had already taken is answered normally (then the connection closes) instead of refused.
   */
  drain(timeoutMs: number, handOver?: boolean): Promise<boolean>;
}

/**
 * A gate in front of Fastify's request handler on the Node server, for a graceful stop. It sits at the
 * server rather than in an onRequest hook: the routes live in encapsulated plugins registered before the
 * composition root sees the app, so a hook added afterwards would not reach them, and Fastify's own
 * `return503OnClosing` answers in English outside the `{ code, result, message }` envelope.
 * Socket upgrades (the chat) are not requests: app.close() closes them.
 */
export function installDrainGate(server: Server, message: string): DrainGate {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const active = new Set<ServerResponse>();
  let draining = false;
  let handingOver = false;
  let idle: (() => void) | undefined;
  // Handing over, the drain also waits for the connections already taken: each closes after its answer.
  const connections = new Set<net.Socket>();
  const finished = () => active.size === 0 && (!handingOver || connections.size === 0);
  server.on('connection', (socket: net.Socket) => {
    connections.add(socket);
    socket.once('close', () => {
      connections.delete(socket);
      if (finished()) idle?.();
    });
  });
  const refusal = JSON.stringify(failure(503, message));

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (draining && handingOver) response.shouldKeepAlive = false;
    else if (draining) {
      response.shouldKeepAlive = false;
      response.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(refusal),
        connection: 'close',
        'retry-after': '10',
        'cache-control': 'no-store',
      });
      response.end(refusal);
      return;
    }
    for (const handler of handlers) handler.call(server, request, response);
    // An answer given at once (a hot read kept in memory) is not in flight: nothing to wait for.
    if (response.writableEnded) return;
    active.add(response);
    response.once('close', () => {
      active.delete(response);
      if (finished()) idle?.();
    });
  });

  return {
    get inFlight() {
      return active.size;
    },
    drain(timeoutMs, handOver = false) {
      draining = true;
      handingOver = handOver;
      // Only the listening: http's close() would also cut the connections without a request yet, among them
      // those taken a moment ago whose request is on its way. Fastify's own close later finds the server
      // closed, which it accepts.
      if (handOver) net.Server.prototype.close.call(server);
      // Answers still to come close their connection, so no client keeps a connection to a stopping server.
      // Idle connections are closed by app.close() after the drain, not now, for the same reason.
      for (const response of active) if (!response.headersSent) response.shouldKeepAlive = false;
      // An idle keep-alive connection handed over ends at the server's keep-alive timeout (5 s), within the bound.
      if (finished()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
  };
}
