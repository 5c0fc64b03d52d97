import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelopeOf } from '../../../../src/protocol/envelope';
import {
  EndedSessionsDto,
  RecoveryCodesDto,
  SessionDto,
  SessionIdBody,
  TwoStepConfirmBody,
  TwoStepEnableBody,
  TwoStepStartDto,
  TwoStepStatusDto,
} from '../../../../src/protocol/account';
import type { AccountService } from '../../../domain/accounts/accountService';
import { requireUser } from '../auth';
import { ok } from '../envelope';
import { describeUserAgent } from '../userAgent';

/**
 * The personal centre's two-step sign-in (turn on with a QR code drawn here, turn off, renew the recovery
 * codes) and the places the account is signed in. Every answer holding a secret is never cached.
 */
export const twoStepRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountService }> = async (app, { accounts }) => {
  app.get('/api/user/twoStep', { schema: { response: { 200: envelopeOf(TwoStepStatusDto) } } }, async (request, reply) => {
    const { enabled, recoveryCodesLeft } = await accounts.twoStepStatus(requireUser(request));
    reply.header('cache-control', 'no-store');
    return ok({ enabled, recovery_codes_left: recoveryCodesLeft });
  });

  app.post('/api/user/twoStep/start', { schema: { response: { 200: envelopeOf(TwoStepStartDto) } } }, async (request, reply) => {
    const { secret, uri } = await accounts.startTwoStep(requireUser(request));
    // Drawn on the server as SVG: the secret never leaves for a third-party QR service.
    // Loaded on first use: only a two-step set-up draws a QR code.
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    reply.header('cache-control', 'no-store');
    return ok({ secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` });
  });

  app.post(
    '/api/user/twoStep/enable',
    { schema: { body: TwoStepEnableBody, response: { 200: envelopeOf(RecoveryCodesDto) } } },
    async (request, reply) => {
      const { recoveryCodes, endedOthers } = await accounts.enableTwoStep(requireUser(request), request.body.code, {
        address: request.ip,
        token: request.sessionToken,
        endOthers: request.body.end_others === true,
      });
      reply.header('cache-control', 'no-store');
      return ok({ recovery_codes: recoveryCodes, ended_others: endedOthers });
    },
  );

  app.post(
    '/api/user/twoStep/disable',
    { schema: { body: TwoStepConfirmBody, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await accounts.disableTwoStep(requireUser(request), request.body.password, request.body.code, request.ip);
      return ok(null);
    },
  );

  app.post(
    '/api/user/twoStep/recoveryCodes',
    { schema: { body: TwoStepConfirmBody, response: { 200: envelopeOf(RecoveryCodesDto) } } },
    async (request, reply) => {
      const codes = await accounts.renewRecoveryCodes(requireUser(request), request.body.password, request.body.code, request.ip);
      reply.header('cache-control', 'no-store');
      return ok({ recovery_codes: codes });
    },
  );

  app.get('/api/user/sessions', { schema: { response: { 200: envelopeOf(Type.Array(SessionDto)) } } }, async (request, reply) => {
    const sessions = await accounts.listSessions(requireUser(request), request.sessionToken);
    reply.header('cache-control', 'no-store');
    return ok(
      sessions.map((session) => ({
        id: session.id,
        ...describeUserAgent(session.userAgent),
        address: session.address,
        created_at: session.createdAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        current: session.current,
      })),
    );
  });

  app.post(
    '/api/user/sessions/end',
    { schema: { body: SessionIdBody, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await accounts.endSession(requireUser(request), request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/api/user/sessions/endOthers',
    { schema: { response: { 200: envelopeOf(EndedSessionsDto) } } },
    async (request) => ok({ ended: await accounts.endOtherSessions(requireUser(request), request.sessionToken) }),
  );
};
