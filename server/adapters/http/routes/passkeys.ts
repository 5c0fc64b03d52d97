import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { envelopeOf } from '../../../../src/protocol/envelope';
import { PasskeyDto, PasskeyRegisterBody, PasskeyRemoveBody, PasskeyRenameBody } from '../../../../src/protocol/account';
import type { AccountService } from '../../../domain/accounts/accountService';
import { twoStepMessages } from '../../../domain/accounts/messages';
import { AppError } from '../../../domain/errors';
import type { StoredPasskey } from '../../../ports/passkeyRepository';
import { requireUser } from '../auth';
import { ok } from '../envelope';
import { relyingPartyOf } from '../relyingParty';

const passkeyDto = (passkey: StoredPasskey): PasskeyDto => ({
  id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt.toISOString(),
  last_used_at: passkey.lastUsedAt?.toISOString() ?? null,
});

/**
 * The personal centre's passkeys: list, add (options, then the browser's answer), rename, remove (with the
 * password or a passkey). Challenges are bound to the asking session, so an answer counts only where the
 * options were asked for.
 */
export const passkeyRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountService; siteUrl?: string | undefined }> = async (
  app,
  { accounts, siteUrl },
) => {
  const relyingParty = (request: FastifyRequest) => relyingPartyOf(request, siteUrl, accounts.siteName);
  const binding = (request: FastifyRequest) => `session:${request.sessionId ?? ''}`;

  app.get('/api/user/passkeys', { schema: { response: { 200: envelopeOf(Type.Array(PasskeyDto)) } } }, async (request, reply) => {
    const passkeys = await accounts.requirePasskeys().list(requireUser(request).id);
    reply.header('cache-control', 'no-store');
    return ok(passkeys.map(passkeyDto));
  });

  app.post('/api/user/passkeys/options', { schema: { response: { 200: envelopeOf(Type.Unknown()) } } }, async (request, reply) => {
    const options = await accounts.passkeyRegistrationOptions(requireUser(request), binding(request), relyingParty(request));
    reply.header('cache-control', 'no-store');
    return ok(options);
  });

  app.post(
    '/api/user/passkeys/register',
    { schema: { body: PasskeyRegisterBody, response: { 200: envelopeOf(PasskeyDto) } } },
    async (request) => {
      const user = requireUser(request);
      const added = await accounts.requirePasskeys().register(user, request.body.name, {
        rp: relyingParty(request),
        binding: binding(request),
        response: request.body.credential,
      });
      return ok(passkeyDto(added));
    },
  );

  app.post(
    '/api/user/passkeys/rename',
    { schema: { body: PasskeyRenameBody, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      await accounts.requirePasskeys().rename(requireUser(request).id, request.body.id, request.body.name);
      return ok(null);
    },
  );

  app.post('/api/user/passkeys/confirmOptions', { schema: { response: { 200: envelopeOf(Type.Unknown()) } } }, async (request, reply) => {
    const options = await accounts.passkeyConfirmOptions(requireUser(request), binding(request), relyingParty(request));
    reply.header('cache-control', 'no-store');
    return ok(options);
  });

  app.post(
    '/api/user/passkeys/remove',
    { schema: { body: PasskeyRemoveBody, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      const user = requireUser(request);
      const { id, password, credential } = request.body;
      const confirmation = credential
        ? { passkey: { rp: relyingParty(request), binding: binding(request), response: credential } }
        : password !== undefined
          ? { password }
          : undefined;
      if (!confirmation) throw new AppError('invalid', twoStepMessages.confirmRequired);
      await accounts.removePasskey(user, id, confirmation, request.ip);
      return ok(null);
    },
  );
};
