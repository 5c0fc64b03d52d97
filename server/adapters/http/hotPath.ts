import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { HotAnswerCache } from './hotAnswers';
import { memoizeByHeader } from './headerMemo';

export interface HotPathOptions {
  /** The hot reads' answers, kept under the exact path each answers (`/api/config`). */
  cache?: HotAnswerCache | undefined;
  /** Answers a visitor's kept page (pageHotPath.ts); false when Fastify must. */
  pages?: ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined;
  /** Headers every answer carries (the security headers), in the order Fastify sends them. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Answers at least this large are compressed for a client that accepts it (as Fastify would). */
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
 * itself. A client that accepts brotli or gzip (every browser) gets a compressed copy, made once per kept
 * answer rather than once per request. Anything else goes on to Fastify unchanged: another method, a query
 * string, a path spelt another way, a session cookie (Fastify's auth may have to expire it), and a client
 * asking only for another encoding. The cache is the same one, so a write that drops an answer drops it
 * (and its compressed copies) here too. Visitors' kept pages are answered here the same way (`pages`).
 */
export function installHotPath(server: Server, options: HotPathOptions): void {
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const common: OutgoingHttpHeaders = Object.fromEntries(options.headers);
  common['content-type'] = 'application/json; charset=utf-8';

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const body = request.method === 'GET' && request.url !== undefined ? options.cache?.peek(request.url) : undefined;
    const answer = body === undefined ? undefined : hotAnswer(request, body, options.compressThreshold);
    if (answer !== undefined) {
      response.writeHead(200, { ...common, ...answer.headers, 'content-length': answer.bytes.length });
      response.end(answer.bytes);
      options.answered();
      options.seen?.(request);
      return;
    }
    if (options.pages?.(request, response)) return;
    for (const handler of handlers) handler.call(server, request, response);
  });
}

type Encoding = 'br' | 'gzip';

/** Compressed copies of the kept answers, dropped with the answer they were made from. */
const compressed: Record<Encoding, WeakMap<Buffer, Buffer>> = { br: new WeakMap(), gzip: new WeakMap() };

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  // Fastify's own brotli quality (@fastify/compress): as small, at a fraction of quality 11's cost.
  br: (body) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => zlib.gzipSync(body),
};

/** The bytes to send and their own headers, or undefined when Fastify must answer. */
function hotAnswer(
  request: IncomingMessage,
  body: Buffer,
  compressThreshold: number,
): { bytes: Buffer; headers: OutgoingHttpHeaders } | undefined {
  if (request.headers.cookie?.includes(SESSION_COOKIE_MARK)) return undefined;
  const accepted = request.headers['accept-encoding'];
  if (body.length < compressThreshold || accepted === undefined) return { bytes: body, headers: {} };
  const encoding = preferredEncoding(accepted);
  if (encoding === undefined) return undefined;
  let bytes = compressed[encoding].get(body);
  if (bytes === undefined) {
    bytes = COMPRESS[encoding](body);
    compressed[encoding].set(body, bytes);
  }
  return { bytes, headers: { 'content-encoding': encoding, vary: 'accept-encoding' } };
}

/** Brotli, else gzip, when the client accepts it (a q of 0 refuses); undefined for anything else. */
export const preferredEncoding = memoizeByHeader(encodingOf);

function encodingOf(acceptEncoding: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}
