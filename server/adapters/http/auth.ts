import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_ROLE, type CurrentUser } from '../../domain/accounts/currentUser';
import { accountMessages, twoStepMessages } from '../../domain/accounts/messages';
import crypto from 'node:crypto';
import { SESSION_POLICY, SIGN_IN_POLICY } from '../../domain/accounts/policy';
import * as zhCN from '../../../src/i18n/zh-CN';
import { AppError } from '../../domain/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie or a bearer token; null when anonymous. */
    user: CurrentUser | null;
    /** The session token this request presented (cookie or bearer), for logout; '' when none. */
    sessionToken: string;
    /** The id of the session behind `user`; null when anonymous. */
    sessionId: number | null;
    /** The session proved its password recently enough for what cannot be undone (see requireFreshProof). */
    sessionProofFresh: boolean;
  }
}

export const SESSION_COOKIE = 'blog_session';
/** The browser's long-lived random id: a sign-in from a browser the account never used is told to its owner. */
export const DEVICE_COOKIE = 'blog_device';

/** What the auth hook needs from the account service. */
export interface SessionResolver {
  resolveSession(token: string): Promise<{ user: CurrentUser; sessionId: number; proofFresh: boolean } | undefined>;
}

export interface AuthOptions {
  sessions: SessionResolver;
  /** The configured public origin (SITE_URL); requests from it are same-site even behind a proxy. */
  siteUrl?: string | undefined;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) return '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
}

/**
 * The path as the router matched it: the route's own pattern (`/api/article/like/:id` for
 * `/%61pi/article/like/1`), or for a path no route matches, the percent-decoded path. Rules keyed on a
 * prefix never read the raw URL, which an attacker may spell in any encoding.
 */
export function routedPath(request: FastifyRequest): string {
  const routed = request.routeOptions.url;
  if (routed) return routed;
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * True when the request's Origin (or, lacking it, Referer) is this site: the Host the request came to,
 * or SITE_URL. A request naming neither header is not from a browser page and passes this check.
 */
export function isSameSiteOrigin(request: FastifyRequest, siteUrl?: string): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return true;
  let origin: URL;
  try {
    origin = new URL(source);
  } catch {
    return false; // "null" (sandboxed frames, file:) and garbage are foreign.
  }
  if (origin.host === request.host) return true;
  if (!siteUrl) return false;
  try {
    return origin.origin === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Resolves `request.user` for every route (HTTP and WebSocket upgrades alike) and guards against
 * cross-site request forgery.
 *
 * CSRF rule for POST/PUT/PATCH/DELETE under /api/: the `X-Requested-With: XMLHttpRequest` marker is
 * required from every caller (a foreign page cannot add it without a CORS preflight we never grant, and
 * non-browser clients add one header at no cost), and a foreign Origin is refused. Bearer-token callers
 * that send no cookie skip the Origin check: nothing ambient is at stake, the token itself is the proof.
 */
export async function installAuth(app: FastifyInstance, options: AuthOptions): Promise<void> {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', '');
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionProofFresh', false);

  app.addHook('onRequest', async (request, reply) => {
    const path = routedPath(request);
    if (STATE_CHANGING.has(request.method) && path.startsWith('/api/')) {
      if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
        throw new AppError('forbidden', accountMessages.missingMarker);
      }
      const bearerOnly = bearerToken(request) !== '' && request.cookies[SESSION_COOKIE] === undefined;
      if (!bearerOnly && !isSameSiteOrigin(request, options.siteUrl)) {
        throw new AppError('forbidden', accountMessages.foreignOrigin);
      }
    }
    // Pages, assets and media never depend on who asks: only API calls, socket upgrades and the console
    // (which is there for an administrator only) cost a lookup.
    if (!path.startsWith('/api/') && !path.startsWith('/ws') && !isConsolePath(path)) return;
    const bearer = bearerToken(request);
    const token = bearer || request.cookies[SESSION_COOKIE] || '';
    if (token === '') return;
    request.sessionToken = token;
    const resolved = await options.sessions.resolveSession(token);
    request.user = resolved?.user ?? null;
    request.sessionId = resolved?.sessionId ?? null;
    request.sessionProofFresh = resolved?.proofFresh ?? false;
    // A cookie naming no live session (expired, revoked, from another database) would be sent, and
    // looked up, on every call until the browser closes: expire it now. A route may still set a new one.
    if (!request.user && !bearer) clearSessionCookie(request, reply);
  });
}

/** `/admin` and everything under it: the blogger's console. */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * What an account whose password must change may still do as itself: change it, and read its notices
 * (a read that is a POST). Reading needs no exception (GET), nor do logging in and out, nor what a
 * visitor may do (no requireUser).
 */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['/api/user/updatePassword', '/api/notify/getNotifyList']);

/** Likewise for an administrator who must set up a second step (ADMIN_TWO_STEP=required): setting it up. */
const ALLOWED_BEFORE_TWO_STEP = new Set([
  '/api/user/twoStep/start',
  '/api/user/twoStep/enable',
  '/api/user/passkeys/options',
  '/api/user/passkeys/register',
  '/api/notify/getNotifyList',
]);

/**
 * The signed-in user, or a 401 "请先登录". An account still on a generated password (the administrator's
 * one-time password, `npm run user`) gets a 403 for every change it would make but setting its own.
 */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError('unauthenticated', accountMessages.loginRequired);
  if (request.user.mustChangePassword && STATE_CHANGING.has(request.method) && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(routedPath(request))) {
    throw new AppError('forbidden', accountMessages.passwordChangeRequired);
  }
  if (request.user.mustSetUpTwoStep && STATE_CHANGING.has(request.method) && !ALLOWED_BEFORE_TWO_STEP.has(routedPath(request))) {
    throw new AppError('forbidden', twoStepMessages.setUpRequired);
  }
  return request.user;
}

/** The signed-in administrator (role 1): 401 when anonymous, 403 otherwise. */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (user.role !== ADMIN_ROLE) throw new AppError('forbidden', accountMessages.adminRequired);
  return user;
}

/**
 * The one guard of what cannot be undone (a backup or export, emptying the bin, a role, the email): the
 * session must have proved its password within SIGN_IN_POLICY.reauthAfterMs, else a 403 with
 * REAUTH_REQUIRED_CODE, which the client answers with the password (POST /api/user/reauth) and a retry.
 */
export function requireFreshProof(request: FastifyRequest): void {
  if (!request.sessionProofFresh) throw new AppError('reauthenticate', zhCN.signIn.server.reauthRequired);
}

/** The browser's device id: its cookie when it carries a well-formed one, else a new random one (`fresh`). */
export function deviceOf(request: FastifyRequest): { device: string; fresh: boolean } {
  const sent = request.cookies[DEVICE_COOKIE];
  if (sent && /^[A-Za-z0-9_-]{16,64}$/.test(sent)) return { device: sent, fresh: false };
  return { device: crypto.randomBytes(24).toString('base64url'), fresh: true };
}

/** Keeps the device id for SIGN_IN_POLICY.deviceCookieMs, renewed at each sign-in. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, device: string): void {
  reply.setCookie(DEVICE_COOKIE, device, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: Math.floor(SIGN_IN_POLICY.deviceCookieMs / 1000),
  });
}

/** Sets the session cookie: 30 days for "记住我", otherwise a browser-session cookie. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, persistent: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    ...(persistent ? { maxAge: Math.floor(SESSION_POLICY.rememberMs / 1000) } : {}),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' });
}
