import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CommentDeletedDto } from '../../../../../src/protocol/comments';
import {
  CommentSettingsDto,
  ConsoleCommentBatchBody,
  ConsoleCommentBatchDto,
  ConsoleCommentDto,
  ConsoleCommentPageDto,
  ConsoleCommentStatusBody,
} from '../../../../../src/protocol/console/comments';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import type { CommentConsoleService } from '../../../../domain/comments/commentConsoleService';
import { ok } from '../../envelope';

const IdParams = Type.Object({ id: Type.String() });
/** Query values arrive as text; the service parses them and names what is wrong in Chinese. */
const QueueQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 200 })),
  current: Type.Optional(Type.String({ maxLength: 20 })),
  size: Type.Optional(Type.String({ maxLength: 20 })),
});
const PageQuery = Type.Object({
  current: Type.Optional(Type.String({ maxLength: 20 })),
  size: Type.Optional(Type.String({ maxLength: 20 })),
});

/** 评论: the review queue and the comment settings (see src/protocol/console/comments.ts). */
export const commentConsoleRoutes: FastifyPluginAsyncTypebox<{ comments: CommentConsoleService }> = async (
  app,
  { comments },
) => {
  app.get(
    '/comments',
    { schema: { querystring: QueueQuery, response: { 200: envelopeOf(ConsoleCommentPageDto) } } },
    async (request) => ok(await comments.queue(request.query)),
  );

  // Static before the parameter: find-my-way prefers `/comments/settings` to `/comments/:id/…`.
  app.get('/comments/settings', { schema: { response: { 200: envelopeOf(CommentSettingsDto) } } }, async () =>
    ok(await comments.settings()),
  );

  app.put(
    '/comments/settings',
    { schema: { body: CommentSettingsDto, response: { 200: envelopeOf(CommentSettingsDto) } } },
    async (request) => ok(await comments.saveSettings(request.body)),
  );

  app.post(
    '/comments/batch',
    { schema: { body: ConsoleCommentBatchBody, response: { 200: envelopeOf(ConsoleCommentBatchDto) } } },
    async (request) => ok(await comments.batch(request.body.ids, request.body.action)),
  );

  app.get(
    '/comments/:id/author',
    { schema: { params: IdParams, querystring: PageQuery, response: { 200: envelopeOf(ConsoleCommentPageDto) } } },
    async (request) => ok(await comments.byAuthor(request.params.id, request.query)),
  );

  app.put(
    '/comments/:id/status',
    { schema: { params: IdParams, body: ConsoleCommentStatusBody, response: { 200: envelopeOf(ConsoleCommentDto) } } },
    async (request) => ok(await comments.setStatus(request.params.id, request.body.status)),
  );

  app.delete(
    '/comments/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(CommentDeletedDto) } } },
    async (request) => ok(await comments.remove(request.params.id)),
  );
};
