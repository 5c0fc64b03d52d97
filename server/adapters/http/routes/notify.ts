import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelopeOf } from '../../../../src/protocol/envelope';
import { NotifyIdParams, NotifyListBody, NotifyListDto, type NotifyItemDto } from '../../../../src/protocol/notify';
import type { Notification } from '../../../domain/notifications/notification';
import type { NotificationService } from '../../../domain/notifications/notificationService';
import { requireUser } from '../auth';
import { ok } from '../envelope';
import { noticeHtml } from '../noticeHtml';

function itemDto(notice: Notification): NotifyItemDto {
  return {
    id: notice.id,
    message: noticeHtml(notice.message),
    isView: notice.isView,
    type: notice.type,
    to_id: notice.toId,
    comment_id: notice.commentId,
    createTime: notice.createdAt,
  };
}

export const notifyRoutes: FastifyPluginAsyncTypebox<{ notifications: NotificationService; adminUrl: string }> = async (
  app,
  { notifications, adminUrl },
) => {
  app.post(
    '/api/notify/getNotifyList',
    { schema: { body: NotifyListBody, response: { 200: envelopeOf(NotifyListDto) } } },
    async (request, reply) => {
      // The body's userId is ignored on purpose: a reader only ever sees their own drawer.
      const user = requireUser(request);
      const [page, unread] = await Promise.all([
        notifications.list(user, request.body.current, request.body.size),
        notifications.unreadCount(user),
      ]);
      reply.header('cache-control', 'no-store');
      return ok({ list: page.list.map(itemDto), total: page.total, unread, adminUrl });
    },
  );

  app.put(
    '/api/notify/update/:id',
    { schema: { params: NotifyIdParams, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await notifications.markRead(requireUser(request), request.params.id);
      return ok(null);
    },
  );

  app.put(
    '/api/notify/delete/:id',
    { schema: { params: NotifyIdParams, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await notifications.delete(requireUser(request), request.params.id);
      return ok(null);
    },
  );
};
