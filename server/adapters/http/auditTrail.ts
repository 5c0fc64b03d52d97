import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  describeConsoleWrite,
  describeDownload,
  describeSecurityEvent,
  type AuditActor,
  type AuditRecord,
  type SecurityEvent,
} from '../../domain/audit/auditEntry';
import type { AuditLog } from '../../domain/audit/auditLog';
import { SUCCESS_CODE } from '../../../src/protocol/codes';
import { SESSION_COOKIE } from './auth';

const USER_AGENT_LIMIT = 200;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Console calls that change nothing though they are POSTs. */
const NOT_WRITES = new Set(['/notices/preview']);
const DOWNLOADS: Record<string, 'backupDownloaded' | 'exportDownloaded'> = {
  '/transfer/backup': 'backupDownloaded',
  '/transfer/export': 'exportDownloaded',
};

function actorOf(request: FastifyRequest, name?: string): AuditActor {
  return {
    id: request.user?.id ?? null,
    name: name ?? request.user?.username ?? '',
    address: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_LIMIT),
  };
}

/**
 * Written before the answer leaves (onSend), so the next read of the log has it; a log that cannot be written
 * is an error in the server's log, never a failed answer.
 */
function keep(audit: AuditLog, request: FastifyRequest, entry: AuditRecord, actor = actorOf(request)): Promise<void> {
  return audit.record(entry, actor).catch((error: unknown) => request.log.error({ err: error }, 'audit log entry not written'));
}

/** The envelope of a JSON answer, when it is one. */
function envelopeOf(payload: unknown): { code?: number; result?: { id?: unknown } } | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload) as { code?: number; result?: { id?: unknown } };
  } catch {
    return undefined;
  }
}

function answerIdOf(payload: unknown): { answerId?: string } {
  const id = envelopeOf(payload)?.result?.id;
  return typeof id === 'number' || typeof id === 'string' ? { answerId: String(id) } : {};
}

/** Inside the console's plugin: every write that succeeded, and the downloads of a backup or an export. */
export function recordConsoleWrites(app: FastifyInstance, audit: AuditLog, prefix: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url?.slice(prefix.length);
    if (route === undefined || reply.statusCode >= 400 || NOT_WRITES.has(route)) return;
    if (READS.has(request.method)) {
      const download = DOWNLOADS[route];
      if (download && reply.statusCode === 200) await keep(audit, request, describeDownload(download));
      return;
    }
    const entry = describeConsoleWrite({
      method: request.method,
      route,
      params: (request.params ?? {}) as Record<string, string>,
      // A multipart upload's body is read by its route as a stream: none here.
      body: request.body,
      actorId: request.user?.id ?? null,
      ...answerIdOf(payload),
    });
    await keep(audit, request, entry);
  });
}

/** The accounts' calls whose outcome is a security event. */
const SECURITY_ROUTES: Record<string, (succeeded: boolean, signedIn: boolean) => SecurityEvent | undefined> = {
  // A right password that still needs another step sets no session yet: only a session is a sign-in.
  '/api/user/login': (succeeded, signedIn) => (signedIn ? 'signIn' : succeeded ? undefined : 'signInFailed'),
  '/api/user/logout': (succeeded) => (succeeded ? 'signOut' : undefined),
  '/api/user/loginSecondStep': (succeeded, signedIn) => (signedIn ? 'signIn' : succeeded ? undefined : 'secondStepFailed'),
  '/api/user/updatePassword': (succeeded) => (succeeded ? 'passwordChanged' : undefined),
  '/api/user/twoStep/enable': (succeeded) => (succeeded ? 'twoStepOn' : undefined),
  '/api/user/twoStep/disable': (succeeded) => (succeeded ? 'twoStepOff' : undefined),
  '/api/user/sessions/end': (succeeded) => (succeeded ? 'sessionEnded' : undefined),
  '/api/user/sessions/endOthers': (succeeded) => (succeeded ? 'sessionEnded' : undefined),
  '/api/user/reauth': (succeeded) => (succeeded ? 'reauthenticated' : 'reauthFailed'),
  '/api/user/notMe': (succeeded) => (succeeded ? 'notMe' : undefined),
  '/api/user/notMe/password': (succeeded) => (succeeded ? 'notMePassword' : undefined),
  '/api/user/passkeyLogin': (succeeded, signedIn) => (signedIn ? 'passkeySignIn' : succeeded ? undefined : 'signInFailed'),
  '/api/user/passkeys/register': (succeeded) => (succeeded ? 'passkeyAdded' : undefined),
  '/api/user/passkeys/remove': (succeeded) => (succeeded ? 'passkeyRemoved' : undefined),
};

/**
 * At the root: sign-ins (after the password, or after the second step), failed sign-ins and second steps,
 * sign-outs, password changes, the second step turned on or off, and sessions ended go into the log.
 */
export function recordSecurityEvents(app: FastifyInstance, audit: AuditLog): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const judge = SECURITY_ROUTES[request.routeOptions.url ?? ''];
    if (!judge) return;
    const body = request.body as { username?: unknown; bearer?: unknown } | undefined;
    const setCookie = [reply.getHeader('set-cookie') ?? []].flat().map(String);
    const signedIn = setCookie.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/i.test(cookie));
    // The accounts' calls answer a refusal with HTTP 200 and the spec's code in the envelope.
    const succeeded = reply.statusCode < 400 && envelopeOf(payload)?.code === SUCCESS_CODE;
    // Each refused password is one entry; requests over the per-minute limit (429) are the limit's business.
    // An API client's sign-in answers a token instead of a cookie.
    const event = reply.statusCode === 429 ? undefined : judge(succeeded, signedIn || (succeeded && body?.bearer === true));
    if (!event) return;
    const named = body?.username;
    // The second step names no account: a session it opened does, by the id it answers.
    const answered = answerIdOf(payload).answerId;
    const account =
      typeof named === 'string' && named !== ''
        ? named
        : (request.user?.username ?? (answered === undefined ? '' : `#${answered}`));
    const actor = actorOf(request, account);
    if (actor.id === null && answered !== undefined && event === 'signIn') actor.id = Number(answered);
    await keep(audit, request, describeSecurityEvent(event, account), actor);
  });
}
