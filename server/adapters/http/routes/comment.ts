import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CommentDeletedDto,
  CommentDto,
  CommentPageDto,
  CommentPostBody,
  CommentReplyPageDto,
  LikeBody,
  LikeStateDto,
  TalkLikeStateBody,
  TalkLikeStateDto,
} from '../../../../src/protocol/comments';
import { envelopeOf } from '../../../../src/protocol/envelope';
import type { Viewer } from '../../../domain/comments/comment';
import type { CommentService } from '../../../domain/comments/commentService';
import { commentMessages } from '../../../domain/comments/messages';
import { escapeHtml } from '../../../domain/content/html';
import { requireUser } from '../auth';
import { ok } from '../envelope';

const IdParams = Type.Object({ id: Type.String() });
/** Query values arrive as text; the service parses them and names what is wrong in Chinese. */
const ListQuery = Type.Object({
  type: Type.String({ maxLength: 20 }),
  id: Type.String({ maxLength: 20 }),
  order: Type.Optional(Type.String({ maxLength: 20 })),
  cursor: Type.Optional(Type.String({ maxLength: 20 })),
});
const CursorQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 20 })) });
const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

/**
 * Who asks. A signed-in account still on a generated password may read but not write (requireUser's rule);
 * the address is the one Fastify trusts (TRUST_PROXY), hashed by the service before any use.
 */
export function viewerOf(request: FastifyRequest, writing = false): Viewer {
  const user = request.user && writing ? requireUser(request) : request.user;
  return {
    user: user ? { id: user.id, role: user.role, nickName: user.nickName, avatar: user.avatar } : null,
    address: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512),
  };
}

/** The small page the unsubscribe link answers (the site's name is not needed to read it). */
function unsubscribePage(done: boolean): string {
  const text = commentMessages.unsubscribe;
  return [
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(text.title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.7;color:#333}a{color:#49b1f5}</style>',
    `</head><body><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(done ? text.done : text.invalid)}</p>`,
    `<p><a href="/">${escapeHtml(text.home)}</a></p></body></html>`,
  ].join('');
}

/** Comments under articles and talks, and talk likes (see src/protocol/comments.ts). */
export const commentRoutes: FastifyPluginAsyncTypebox<{ comments: CommentService }> = async (app, { comments }) => {
  app.get(
    '/api/comment/list',
    { schema: { querystring: ListQuery, response: { 200: envelopeOf(CommentPageDto) } } },
    async (request, reply) => {
      // Per reader (liked, canDelete): never kept by a shared cache.
      reply.header('cache-control', 'private, no-cache');
      return ok(await comments.page(request.query, viewerOf(request)));
    },
  );

  app.get(
    '/api/comment/replies/:id',
    { schema: { params: IdParams, querystring: CursorQuery, response: { 200: envelopeOf(CommentReplyPageDto) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return ok(await comments.replies(request.params.id, request.query.cursor, viewerOf(request)));
    },
  );

  app.post(
    '/api/comment/add',
    { schema: { body: CommentPostBody, response: { 200: envelopeOf(CommentDto) } } },
    async (request) => ok(await comments.post(request.body, viewerOf(request, true))),
  );

  app.delete(
    '/api/comment/delete/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(CommentDeletedDto) } } },
    async (request) => {
      requireUser(request);
      return ok(await comments.remove(request.params.id, viewerOf(request, true)));
    },
  );

  app.put(
    '/api/comment/like/:id',
    { schema: { params: IdParams, body: LikeBody, response: { 200: envelopeOf(LikeStateDto) } } },
    async (request) => ok(await comments.like(request.params.id, request.body.liked, viewerOf(request, true))),
  );

  app.put(
    '/api/talk/like/:id',
    { schema: { params: IdParams, body: LikeBody, response: { 200: envelopeOf(LikeStateDto) } } },
    async (request) => ok(await comments.likeTalk(request.params.id, request.body.liked, viewerOf(request, true))),
  );

  app.post(
    '/api/talk/likeState',
    { schema: { body: TalkLikeStateBody, response: { 200: envelopeOf(Type.Array(TalkLikeStateDto)) } } },
    async (request) => ok(await comments.talkLikeStates(request.body.ids, viewerOf(request))),
  );

  // A link in an email: a GET that works without signing in, answering a page rather than an envelope.
  app.get('/api/comment/unsubscribe', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const done = await comments.unsubscribe(request.query.token ?? '');
    return reply
      .status(done ? 200 : 400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(unsubscribePage(done));
  });
};
