import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ChatIdParams, ChatListBody, ChatListDto } from '../../../../src/protocol/chat';
import { envelopeOf } from '../../../../src/protocol/envelope';
import type { CurrentUser } from '../../../domain/accounts/currentUser';
import type { ChatActor } from '../../../domain/chat/chatMessage';
import type { ChatService } from '../../../domain/chat/chatService';
import { messageDto } from '../../ws/chatGateway';
import { requireUser } from '../auth';
import { ok } from '../envelope';

function actor(user: CurrentUser): ChatActor {
  return { id: user.id, nickName: user.nickName, avatar: user.avatar, role: user.role };
}

/** Chat history and its administration; room events go out through the socket. */
export const chatRoutes: FastifyPluginAsyncTypebox<{ chat: ChatService }> = async (app, { chat }) => {
  // Visitors read the room too (spec section 6).
  app.post('/api/chat/getChatList', { schema: { body: ChatListBody, response: { 200: envelopeOf(ChatListDto) } } }, async (request, reply) => {
    const list = await chat.history(request.body.size, request.body.last_id ?? undefined);
    reply.header('cache-control', 'no-store');
    return ok({ list: list.map(messageDto) });
  });

  app.delete(
    '/api/chat/deleteOne/:id',
    { schema: { params: ChatIdParams, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await chat.revert(actor(requireUser(request)), request.params.id);
      return ok(null);
    },
  );

  app.post('/api/chat/delete', { schema: { response: { 200: envelopeOf(Type.Null()) } } }, async (request) => {
    await chat.clear(actor(requireUser(request)));
    return ok(null);
  });
};
