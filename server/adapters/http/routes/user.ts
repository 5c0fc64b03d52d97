import crypto from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { envelopeOf } from '../../../../src/protocol/envelope';
import {
  CurrentUserResult,
  LoginBody,
  LoginChallengeBody,
  LoginResult,
  LoginSecondStepBody,
  PasskeyLoginBody,
  RegisterBody,
  UpdateOwnUserInfoBody,
  UpdatePasswordBody,
  UserIdParams,
  UserInfoDto,
} from '../../../../src/protocol/account';
import { ACCOUNT_REFUSED, type AccountService, type IssuedSession } from '../../../domain/accounts/accountService';
import type { CurrentUser } from '../../../domain/accounts/currentUser';
import { clearSessionCookie, deviceOf, requireFreshProof, requireUser, setDeviceCookie, setSessionCookie } from '../auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountMessages } from '../../../domain/accounts/messages';
import { AppError } from '../../../domain/errors';
import { ok } from '../envelope';
import { relyingPartyOf } from '../relyingParty';
import { twoStepMessages } from '../../../domain/accounts/messages';
import type { EmailSettings } from '../../../domain/comments/comment';

export function userInfoDto(user: CurrentUser, withUsername: boolean, email?: EmailSettings): UserInfoDto {
  return {
    id: user.id,
    nick_name: user.nickName,
    avatar: user.avatar,
    role: user.role,
    ...(withUsername ? { username: user.username } : {}),
    ...(withUsername && user.mustChangePassword ? { must_change_password: true } : {}),
    ...(withUsername && user.mustSetUpTwoStep ? { must_set_up_two_step: true } : {}),
    ...(withUsername && email ? { email: email.email, email_notify: email.notify } : {}),
  };
}

/** An account's reply-email address and 邮件提醒 (the comments' service keeps them). */
export interface AccountEmail {
  emailSettings(userId: number): Promise<EmailSettings>;
  updateEmailSettings(userId: number, changes: { email?: string; notify?: boolean }): Promise<EmailSettings>;
}

/** The short-lived cookie a passkey sign-in's challenge is bound to (HttpOnly, its own path). */
const PASSKEY_COOKIE = 'blog_passkey';
const PASSKEY_COOKIE_PATH = '/api/user/passkeyLogin';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');

export const userRoutes: FastifyPluginAsyncTypebox<{
  accounts: AccountService;
  email?: AccountEmail | undefined;
  siteUrl?: string | undefined;
}> = async (app, { accounts, email, siteUrl }) => {
  const relyingParty = (request: FastifyRequest) => relyingPartyOf(request, siteUrl, accounts.siteName);
  /** The owner's own view of an account: with its email settings when the site keeps them. */
  const ownInfo = async (user: CurrentUser) => userInfoDto(user, true, await email?.emailSettings(user.id));

  app.post(
    '/api/user/register',
    { schema: { body: RegisterBody, response: { 200: envelopeOf(UserInfoDto) } } },
    async (request) => {
      const { username, password, nick_name } = request.body;
      const user = await accounts.register({ username, password, nickName: nick_name ?? '', address: request.ip });
      return ok(userInfoDto(user, true));
    },
  );

  app.post(
    '/api/user/login',
    {
      schema: { body: LoginBody, response: { 200: envelopeOf(LoginResult) } },
      // A flood is answered before its body is even parsed.
      onRequest: async () => {
        if (accounts.loginsBusy) throw new AppError('rateLimited', accountMessages.loginBusy);
      },
    },
    async (request, reply) => {
      const { username, password, remember = false, bearer = false } = request.body;
      const outcome = await accounts.login({ username, password, remember, ...clientOf(request, reply) });
      reply.header('cache-control', 'no-store');
      if (outcome.secondStep) return ok({ second_step: true, challenge: outcome.challenge, methods: outcome.methods });
      return ok(await opened(request, reply, outcome, bearer));
    },
  );

  app.post(
    '/api/user/loginSecondStep',
    { schema: { body: LoginSecondStepBody, response: { 200: envelopeOf(LoginResult) } } },
    async (request, reply) => {
      const { challenge, code = '', passkey, bearer = false } = request.body;
      const proof = passkey ? { passkey: { rp: relyingParty(request), response: passkey } } : { code };
      const session = await accounts.completeLogin({ challenge, ...proof, ...clientOf(request, reply) });
      reply.header('cache-control', 'no-store');
      return ok(await opened(request, reply, session, bearer));
    },
  );

  app.post(
    '/api/user/loginSecondStep/passkeyOptions',
    { schema: { body: LoginChallengeBody, response: { 200: envelopeOf(Type.Unknown()) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await accounts.secondStepPasskeyOptions(request.body.challenge, relyingParty(request)));
    },
  );

  app.post('/api/user/passkeyLogin/options', { schema: { response: { 200: envelopeOf(Type.Unknown()) } } }, async (request, reply) => {
    // The challenge is bound to this browser: a random cookie whose digest is kept with it, for five minutes.
    const handle = crypto.randomBytes(24).toString('base64url');
    const options = await accounts.passkeySignInOptions(digest(handle), relyingParty(request));
    reply.setCookie(PASSKEY_COOKIE, handle, {
      httpOnly: true,
      sameSite: 'strict',
      path: PASSKEY_COOKIE_PATH,
      secure: request.protocol === 'https',
      maxAge: 5 * 60,
    });
    reply.header('cache-control', 'no-store');
    return ok(options);
  });

  app.post(
    '/api/user/passkeyLogin',
    {
      schema: { body: PasskeyLoginBody, response: { 200: envelopeOf(LoginResult) } },
    },
    async (request, reply) => {
      const { credential, remember = false, bearer = false } = request.body;
      const handle = request.cookies[PASSKEY_COOKIE];
      reply.clearCookie(PASSKEY_COOKIE, { path: PASSKEY_COOKIE_PATH });
      if (!handle) throw new AppError('refused', twoStepMessages.passkeyExpired, ACCOUNT_REFUSED);
      const session = await accounts.loginWithPasskey({
        answer: { rp: relyingParty(request), binding: digest(handle), response: credential },
        remember,
        ...clientOf(request, reply),
      });
      reply.header('cache-control', 'no-store');
      const answer = await opened(request, reply, session, bearer);
      // The log names who signed in: this request came without a session and now acts as its user.
      request.user = session.user;
      return ok(answer);
    },
  );

  /** Hands a new session over: a bearer token in the body for an API client, else only the HttpOnly cookie. */
  async function opened(request: FastifyRequest, reply: FastifyReply, session: IssuedSession, bearer: boolean) {
    // A session that arrived with the request (another account, say) ends here rather than lingering.
    if (request.sessionToken) await accounts.logout(request.sessionToken);
    if (bearer) return { token: session.token, id: session.user.id };
    setSessionCookie(request, reply, session.token, session.persistent);
    return { id: session.user.id };
  }

  app.post('/api/user/logout', { schema: { response: { 200: envelopeOf(Type.Null()) } } }, async (request, reply) => {
    await accounts.logout(request.sessionToken);
    clearSessionCookie(request, reply);
    return ok(null);
  });

  /** Who the session belongs to, null when anonymous: lets the client check a stored login without a 401. */
  app.get('/api/user/current', { schema: { response: { 200: envelopeOf(CurrentUserResult) } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(request.user ? await ownInfo(request.user) : null);
  });

  app.get(
    '/api/user/getUserInfoById/:id',
    { schema: { params: UserIdParams, response: { 200: envelopeOf(UserInfoDto) } } },
    async (request, reply) => {
      const viewer = requireUser(request);
      const user = await accounts.userInfo(request.params.id);
      reply.header('cache-control', 'no-store');
      return ok(viewer.id === user.id ? await ownInfo(user) : userInfoDto(user, false));
    },
  );

  app.put(
    '/api/user/updateOwnUserInfo',
    { schema: { body: UpdateOwnUserInfoBody, response: { 200: envelopeOf(UserInfoDto) } } },
    async (request) => {
      const user = requireUser(request);
      const { nick_name, avatar, email: address, email_notify } = request.body;
      // A new address is where the account's emails go (a new sign-in's 「不是我」 too): the password again.
      if (email && address !== undefined && address.trim() !== (await email.emailSettings(user.id)).email) requireFreshProof(request);
      // Checked and kept first: a wrong address leaves the profile as it was.
      if (email && (address !== undefined || email_notify !== undefined)) {
        await email.updateEmailSettings(user.id, {
          ...(address !== undefined ? { email: address } : {}),
          ...(email_notify !== undefined ? { notify: email_notify } : {}),
        });
      }
      const updated = await accounts.updateProfile(user, {
        ...(nick_name !== undefined ? { nickName: nick_name } : {}),
        ...(avatar !== undefined ? { avatar } : {}),
      });
      return ok(await ownInfo(updated));
    },
  );

  app.put(
    '/api/user/updatePassword',
    { schema: { body: UpdatePasswordBody, response: { 200: envelopeOf(Type.Null()) } } },
    async (request) => {
      const user = requireUser(request);
      // This session stays signed in; every other one ends.
      await accounts.changePassword(user, request.body.old_password, request.body.new_password, {
        address: request.ip,
        token: request.sessionToken,
      });
      return ok(null);
    },
  );
};

/**
 * Where a sign-in comes from, kept with the session it opens; a browser without a device id is given one
 * here (kept even when the sign-in fails: the same browser is the same device at its next try).
 */
export function clientOf(request: FastifyRequest, reply: FastifyReply): { address: string; userAgent: string; device: string } {
  const { device, fresh } = deviceOf(request);
  if (fresh) setDeviceCookie(request, reply, device);
  return { address: request.ip, userAgent: request.headers['user-agent'] ?? '', device };
}
