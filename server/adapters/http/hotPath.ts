import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { HotAnswerCache } from './hotAnswers';

export interface HotPathOptions {
  /** The hot reads' answers, kept under the exact path each answers (`/api/config`). */
  cache: HotAnswerCache;
  /** Headers every answer carries (the security headers), in the order Fastify sends them. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Answers at least this large are compressed for a client that accepts it: those go through Fastify. */
  compressThreshold: number;
  /** Counts an answer given here. */
  answered(): void;
  /** Told of each request answered here (the statistics count the site searches among them). */
  seen?(request: IncomingMessage): void;
}

/** The cookie that names a session: its request goes through Fastify, which may expire a stale one. */
const SESSION_COOKIE_MARK = 'blog_session=';

/**
 * Answers the hot reads kept in memory straight from the Node server, before Fastify: a GET of exactly a
 * kept path gets the kept bytes with the same status and headers Fastify would send, with none of its
 * per-request work (routing, request and reply objects, hooks, promises), which cost more than the answer
 * itself. Anything else goes on to Fastify unchanged: another method, a query string, a path spelt
 * another way, a session cookie (Fastify's auth may have to expire it), and an answer Fastify would
 * compress for this client. The cache is the same one, so a write that drops an answer drops it here too.
 */
export function installHotPath(server: Server, options: HotPathOptions): void {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const common: OutgoingHttpHeaders = Object.fromEntries(options.headers);
  common['content-type'] = 'application/json; charset=utf-8';

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const body = request.method === 'GET' && request.url !== undefined ? options.cache.peek(request.url) : undefined;
    if (body !== undefined && !needsFastify(request, body, options.compressThreshold)) {
      response.writeHead(200, { ...common, 'content-length': body.length });
      response.end(body);
      options.answered();
      options.seen?.(request);
      return;
    }
    for (const handler of handlers) handler.call(server, request, response);
  });
}

function needsFastify(request: IncomingMessage, body: Buffer, compressThreshold: number): boolean {
  if (request.headers.cookie?.includes(SESSION_COOKIE_MARK)) return true;
  return body.length >= compressThreshold && request.headers['accept-encoding'] !== undefined;
}
