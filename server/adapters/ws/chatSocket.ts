import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { accountMessages } from '../../domain/accounts/messages';
import type { ChatService } from '../../domain/chat/chatService';
import { AppError } from '../../domain/errors';
import type { ChatHub } from '../../ports/chatHub';
import { isSameSiteOrigin } from '../http/auth';
import { ChatGateway, type ChatGatewayOptions } from './chatGateway';

export interface ChatSocketOptions extends ChatGatewayOptions {
  chat: ChatService;
  hub: ChatHub;
  siteUrl?: string | undefined;
}

/**
 * The chat socket at /ws/ (needs @fastify/websocket registered first). The user is the session's
 * (cookie or bearer token, resolved by the auth hook at the upgrade); a foreign Origin is refused before
 * the upgrade, so another site's page cannot ride a visitor's cookie (cross-site WebSocket hijacking).
 */
export async function chatSocketRoutes(app: FastifyInstance, options: ChatSocketOptions): Promise<void> {
  const gateway = new ChatGateway(options.chat, options.hub, app.log, options);
  gateway.start();
  app.addHook('onClose', async () => {
    await gateway.stop();
  });

  const refuseForeignOrigin = async (request: FastifyRequest) => {
    if (!isSameSiteOrigin(request, options.siteUrl)) throw new AppError('forbidden', accountMessages.foreignOrigin);
  };
  const handler = (socket: WebSocket, request: FastifyRequest) => {
    // An account still on a generated password, or owing its second step, reads the room as a visitor until it is done.
    const user = request.user?.mustChangePassword || request.user?.mustSetUpTwoStep ? null : request.user;
    gateway.accept(socket, user && { id: user.id, nickName: user.nickName, avatar: user.avatar, role: user.role }, user ? request.sessionId : null);
  };
  for (const url of ['/ws/', '/ws']) {
    app.route({ method: 'GET', url, websocket: true, onRequest: refuseForeignOrigin, handler });
  }
}
