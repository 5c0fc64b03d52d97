import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  MessageDto,
  MessageEditBody,
  MessageLikeDto,
  MessageListBody,
  MessagePageDto,
  MessagePublishBody,
  MessageReplyBody,
  MessageReplyDto,
} from '../../../../src/protocol/content';
import { envelopeOf } from '../../../../src/protocol/envelope';
import type { BoardService } from '../../../domain/content/boardService';
import { parseId, parsePage } from '../../../domain/content/input';
import { contentMessages } from '../../../domain/content/messages';
import { requireUser } from '../auth';
import { ok } from '../envelope';

const IdParams = Type.Object({ id: Type.String() });
const ReplyIdParams = Type.Object({ replyId: Type.String() });

/**
 * The message board: reads for everyone, writes for signed-in users (their own posts and replies, or any for
 * the administrator; a post's author may also remove the replies under it).
 */
export const messageRoutes: FastifyPluginAsyncTypebox<{ board: BoardService }> = async (app, { board }) => {
  app.post(
    '/api/message/getMessageList',
    { schema: { body: MessageListBody, response: { 200: envelopeOf(MessagePageDto) } } },
    async (request) => {
      const { current, size, userId } = request.body;
      const owner = userId === undefined ? undefined : parseId(userId, contentMessages.user);
      return ok(await board.list(parsePage(current, size), owner, request.user));
    },
  );

  app.get(
    '/api/message/getMessageById/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(MessageDto) } } },
    async (request) => ok(await board.get(request.params.id, request.user)),
  );

  app.post(
    '/api/message/add',
    { schema: { body: MessagePublishBody, response: { 200: envelopeOf(MessageDto) } } },
    async (request) => ok(await board.publish(requireUser(request), request.body)),
  );

  app.put(
    '/api/message/update/:id',
    { schema: { params: IdParams, body: MessageEditBody, response: { 200: envelopeOf(MessageDto) } } },
    async (request) => ok(await board.edit(requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/message/delete/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await board.remove(requireUser(request), request.params.id);
      return ok(null);
    },
  );

  app.put(
    '/api/message/like/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(MessageLikeDto) } } },
    async (request) => ok(await board.like(requireUser(request), request.params.id)),
  );

  app.get(
    '/api/message/getReplies/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(Type.Array(MessageReplyDto)) } } },
    async (request) => ok(await board.replies(request.params.id)),
  );

  app.post(
    '/api/message/reply/:id',
    { schema: { params: IdParams, body: MessageReplyBody, response: { 200: envelopeOf(MessageReplyDto) } } },
    async (request) => ok(await board.reply(requireUser(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/message/deleteReply/:replyId',
    { schema: { params: ReplyIdParams, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await board.removeReply(requireUser(request), request.params.replyId);
      return ok(null);
    },
  );
};
