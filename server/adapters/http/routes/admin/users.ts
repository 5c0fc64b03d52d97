import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import { EndedSessionsDto } from '../../../../../src/protocol/account';
import {
  ConsoleUserDto,
  ConsoleUserPageDto,
  NoticeBody,
  NoticePreviewDto,
  NoticeSentDto,
  PasswordResetDto,
  UserDisabledBody,
  UserIdParams,
  UserRoleBody,
  UserSearchQuery,
} from '../../../../../src/protocol/console/users';
import type { NotificationService } from '../../../../domain/notifications/notificationService';
import type { UserConsoleService } from '../../../../domain/users/userConsoleService';
import { requireAdmin, requireFreshProof } from '../../auth';
import { ok } from '../../envelope';
import { noticeHtml } from '../../noticeHtml';

export interface UserConsoleServices {
  users: UserConsoleService;
  /** The administrator's notices: the same service `npm run notify` sends through. */
  notifications: NotificationService;
}

/** The users and the administrator's notices from the console (see src/protocol/console/users.ts). */
export const userConsoleRoutes: FastifyPluginAsyncTypebox<UserConsoleServices> = async (app, { users, notifications }) => {
  app.get(
    '/users',
    { schema: { querystring: UserSearchQuery, response: { 200: envelopeOf(ConsoleUserPageDto) } } },
    async (request) => ok(await users.list(request.query)),
  );

  app.put(
    '/users/:id/role',
    { schema: { params: UserIdParams, body: UserRoleBody, response: { 200: envelopeOf(ConsoleUserDto) } } },
    async (request) => {
      const admin = requireAdmin(request);
      requireFreshProof(request);
      return ok(await users.setRole(admin, request.params.id, request.body.role));
    },
  );

  app.put(
    '/users/:id/disabled',
    { schema: { params: UserIdParams, body: UserDisabledBody, response: { 200: envelopeOf(ConsoleUserDto) } } },
    async (request) => ok(await users.setDisabled(requireAdmin(request), request.params.id, request.body.disabled)),
  );

  app.post(
    '/users/:id/password',
    { schema: { params: UserIdParams, response: { 200: envelopeOf(PasswordResetDto) } } },
    async (request, reply) => {
      // The password is in this answer only: never kept by any cache.
      reply.header('cache-control', 'no-store');
      return ok(await users.resetPassword(requireAdmin(request), request.params.id));
    },
  );

  app.post(
    '/users/:id/sessions/end',
    { schema: { params: UserIdParams, response: { 200: envelopeOf(EndedSessionsDto) } } },
    async (request) => {
      requireAdmin(request);
      return ok({ ended: await users.endSessions(request.params.id) });
    },
  );

  // The drawer's own path: stored as adminNotice stores it, then cleaned as the drawer's list call cleans it.
  app.post(
    '/notices/preview',
    { schema: { body: NoticeBody, response: { 200: envelopeOf(NoticePreviewDto) } } },
    async (request) => ok({ html: noticeHtml(notifications.adminNoticeText(request.body.message)) }),
  );

  app.post(
    '/notices',
    { schema: { body: NoticeBody, response: { 200: envelopeOf(NoticeSentDto) } } },
    async (request) => ok({ sent: await notifications.adminNotice(request.body.message) }),
  );
};
