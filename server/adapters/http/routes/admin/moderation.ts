import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import {
  BoardSearchQuery,
  ChatBanDto,
  ChatMuteBody,
  ChatPersonDto,
  ChatSearchQuery,
  ConsoleBoardPageDto,
  ConsoleBoardPostDto,
  ConsoleBoardReplyDto,
  ConsoleChatPageDto,
  HiddenBody,
  IdParams,
  UserIdParams,
} from '../../../../../src/protocol/console/moderation';
import type { BoardModerationService } from '../../../../domain/moderation/boardModerationService';
import type { ChatModerationService } from '../../../../domain/moderation/chatModerationService';
import { requireAdmin } from '../../auth';
import { ok } from '../../envelope';

export interface ModerationServices {
  chat: ChatModerationService;
  board: BoardModerationService;
}

const Null = envelopeOf(Type.Null());

/** The chat room and the message board from the console (see src/protocol/console/moderation.ts). */
export const moderationRoutes: FastifyPluginAsyncTypebox<ModerationServices> = async (app, { chat, board }) => {
  app.get(
    '/chat/messages',
    { schema: { querystring: ChatSearchQuery, response: { 200: envelopeOf(ConsoleChatPageDto) } } },
    async (request) => ok(await chat.search(request.query)),
  );

  app.delete('/chat/messages/:id', { schema: { params: IdParams, response: { 200: Null } } }, async (request) => {
    await chat.remove(requireAdmin(request), request.params.id);
    return ok(null);
  });

  app.get('/chat/online', { schema: { response: { 200: envelopeOf(Type.Array(ChatPersonDto)) } } }, async () => ok(await chat.online()));

  app.get('/chat/bans', { schema: { response: { 200: envelopeOf(Type.Array(ChatBanDto)) } } }, async () => ok(await chat.bans()));

  app.put(
    '/chat/bans/:userId',
    { schema: { params: UserIdParams, body: ChatMuteBody, response: { 200: envelopeOf(ChatBanDto) } } },
    async (request) => ok(await chat.mute(requireAdmin(request), request.params.userId, request.body)),
  );

  app.delete('/chat/bans/:userId', { schema: { params: UserIdParams, response: { 200: Null } } }, async (request) => {
    await chat.unmute(requireAdmin(request), request.params.userId);
    return ok(null);
  });

  app.post('/chat/kick/:userId', { schema: { params: UserIdParams, response: { 200: Null } } }, async (request) => {
    await chat.kick(requireAdmin(request), request.params.userId);
    return ok(null);
  });

  app.get(
    '/board/posts',
    { schema: { querystring: BoardSearchQuery, response: { 200: envelopeOf(ConsoleBoardPageDto) } } },
    async (request) => ok(await board.search(request.query)),
  );

  app.get(
    '/board/posts/:id/replies',
    { schema: { params: IdParams, response: { 200: envelopeOf(Type.Array(ConsoleBoardReplyDto)) } } },
    async (request) => ok(await board.replies(request.params.id)),
  );

  app.put(
    '/board/posts/:id/hidden',
    { schema: { params: IdParams, body: HiddenBody, response: { 200: envelopeOf(ConsoleBoardPostDto) } } },
    async (request) => ok(await board.setHidden(request.params.id, request.body.hidden)),
  );

  app.delete('/board/posts/:id', { schema: { params: IdParams, response: { 200: Null } } }, async (request) => {
    await board.remove(request.params.id);
    return ok(null);
  });

  app.put(
    '/board/replies/:id/hidden',
    { schema: { params: IdParams, body: HiddenBody, response: { 200: envelopeOf(ConsoleBoardReplyDto) } } },
    async (request) => ok(await board.setReplyHidden(request.params.id, request.body.hidden)),
  );

  app.delete('/board/replies/:id', { schema: { params: IdParams, response: { 200: Null } } }, async (request) => {
    await board.removeReply(request.params.id);
    return ok(null);
  });
};
