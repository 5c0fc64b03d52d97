import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelopeOf } from '../../../../src/protocol/envelope';
import { NotMeBody, NotMePasswordBody, NotMeResultDto, ReauthBody } from '../../../../src/protocol/signIn';
import type { AccountService } from '../../../domain/accounts/accountService';
import type { SignInAlerts } from '../../../domain/accounts/signInAlerts';
import { accountMessages } from '../../../domain/accounts/messages';
import { AppError } from '../../../domain/errors';
import { requireFreshProof, requireUser } from '../auth';
import { ok } from '../envelope';

/** Asking the password again for what cannot be undone, and the 「不是我」 link's two calls (see src/protocol/signIn.ts). */
export const signInRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountService; alerts?: SignInAlerts | undefined }> = async (
  app,
  { accounts, alerts },
) => {
  app.post('/api/user/reauth', { schema: { body: ReauthBody, response: { 200: envelopeOf(Type.Null()) } } }, async (request) => {
    const user = requireUser(request);
    if (request.sessionId === null) throw new AppError('unauthenticated', accountMessages.loginRequired);
    await accounts.reauthenticate(user, request.sessionId, request.body.password, request.ip);
    return ok(null);
  });

  // Asked before a download, which the browser fetches itself and so cannot retry: the same guard, nothing else.
  app.get('/api/user/reauth/check', { schema: { response: { 200: envelopeOf(Type.Null()) } } }, async (request, reply) => {
    requireUser(request);
    requireFreshProof(request);
    reply.header('cache-control', 'no-store');
    return ok(null);
  });

  if (!alerts) return;

  app.post('/api/user/notMe', { schema: { body: NotMeBody, response: { 200: envelopeOf(NotMeResultDto) } } }, async (request, reply) => {
    const { userId, resetToken } = await alerts.notMe(request.body.token);
    reply.header('cache-control', 'no-store');
    return ok({ id: userId, reset_token: resetToken });
  });

  app.post(
    '/api/user/notMe/password',
    { schema: { body: NotMePasswordBody, response: { 200: envelopeOf(Type.Object({ id: Type.Integer() })) } } },
    async (request) => ok({ id: await alerts.setPassword(request.body.reset_token, request.body.password) }),
  );
};
