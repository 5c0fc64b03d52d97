import type { FastifyReply } from 'fastify';
import type { ReadTopic } from '../../domain/hotReads';
import { noReadCache, type ReadCache } from '../../ports/readCache';
import { ok } from './envelope';
import { countHotRead } from '../metrics/metrics';

/**
 * Hot reads' answers as sent: the serialised `{ code, result, message }` envelope, as bytes, each kept under
 * the exact path it answers (`/api/config`, `/api/article/blogHomeGetArticleList/1/8`), which is how the
 * hot path in front of Fastify finds them.
 */
export type HotAnswerCache = ReadCache<Buffer>;

export const uncachedAnswers: HotAnswerCache = noReadCache<Buffer>();

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a hot read: the bytes kept in memory, or else the envelope of `read()` serialised now by the
 * route's own response serialiser (so the same bytes as any other answer of the route) and kept until a
 * write changes one of `topics`. Nothing is parsed or stringified again while the bytes are kept.
 */
export async function sendHot(
  reply: FastifyReply,
  cache: HotAnswerCache,
  /** The path this answer is for, exactly as a client asks it. */
  path: string,
  topics: readonly ReadTopic[],
  read: () => Promise<unknown>,
): Promise<FastifyReply> {
  const kept = cache.peek(path);
  countHotRead(kept !== undefined);
  const body = kept ?? (await cache.answer(path, topics, async () => Buffer.from(reply.serialize(ok(await read())) as string)));
  return reply.type(JSON_TYPE).send(body);
}
