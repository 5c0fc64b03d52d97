import type { FastifyReply, FastifyRequest } from 'fastify';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { ByteRange, ObjectStore } from '../../ports/mediaStore';
import { failure } from './envelope';

export interface ObjectAnswer {
  contentType: string;
  cacheControl: string;
  /** Said when the object is absent (404). */
  notFound: string;
}

/**
 * The byte range a `Range` header asks of an object of `size` bytes: undefined for the whole object (no header,
 * another unit, or several ranges, which are answered whole as the standard allows), 'unsatisfiable' for 416.
 */
export function rangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '') {
    // The last N bytes.
    const suffix = Number(to);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

/**
 * Answers with one object of the store: conditional requests (304), byte ranges (206, 416), ETag and
 * Last-Modified as the store knows them. The bytes stream from the store; nothing is held in memory.
 */
export async function replyWithObject(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  answer: ObjectAnswer,
): Promise<FastifyReply> {
  const info = await store.stat(key);
  if (!info) return reply.status(404).send(failure(404, answer.notFound));
  const lastModified = new Date(Math.floor(info.lastModified.getTime() / 1000) * 1000);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', lastModified.toUTCString())
    .header('cache-control', answer.cacheControl)
    .header('content-type', answer.contentType);
  const { 'if-none-match': ifNoneMatch, 'if-modified-since': ifModifiedSince, 'if-range': ifRange } = request.headers;
  const fresh =
    ifNoneMatch !== undefined
      ? ifNoneMatch.split(',').some((tag) => tag.trim() === info.etag || tag.trim() === '*')
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= lastModified.getTime();
  if (fresh) return reply.status(304).send();
  // A range is served only of the version the client holds (If-Range); otherwise the whole object.
  const rangeHeader = ifRange === undefined || ifRange === info.etag ? request.headers.range : undefined;
  const range = rangeOf(rangeHeader, info.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${info.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send(failure(416, zhCN.musicServer.rangeNotSatisfiable));
  }
  if (request.method === 'HEAD') return reply.header('content-length', info.size).send();
  const found = await store.get(key, range);
  // Deleted between the two calls.
  if (!found)
    return reply
      .status(404)
      .header('content-type', 'application/json; charset=utf-8')
      .send(failure(404, answer.notFound));
  if (!range) return reply.header('content-length', info.size).send(found.body);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(found.body);
}
