import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as zhCN from '../../../src/i18n/zh-CN';
import { STATS_VIEW_PATH, StatsViewBody } from '../../../src/protocol/console/stats';
import { AppError } from '../../domain/errors';
import type { Hit, StatsRecorder } from '../../domain/stats/statsRecorder';
import { pagePath, referrerHost, searchWord } from '../../domain/stats/visitorRules';
import type { CurrentUser } from '../../domain/accounts/currentUser';
import { SESSION_COOKIE } from './auth';
import { ok } from './envelope';

/** The site search, whose keyword is counted. */
const SEARCH_ROUTE = '/api/article/getArticleListByContent/:keyword';
const SEARCH_PREFIX = '/api/article/getArticleListByContent/';
/** The local library's audio: a play is its first bytes (a request from the start, not a later range). */
const SONG_ROUTE = '/wapi/song/media/:id/:tag';

type Counted = Pick<Hit, 'kind' | 'item'> & Partial<Pick<Hit, 'landing' | 'referrer'>>;

function hitOf(headers: IncomingMessage['headers'], address: string, role: number | undefined, what: Counted): Hit {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    ...what,
    address,
    userAgent: String(header('user-agent') ?? '').slice(0, 512),
    doNotTrack: header('dnt'),
    globalPrivacyControl: header('sec-gpc'),
    role,
  };
}

function record(recorder: StatsRecorder, request: FastifyRequest, what: Counted, user: CurrentUser | null = request.user): void {
  recorder.record(hitOf(request.headers, request.ip, user?.role, what));
}

/** A page's arrival: a landing (from outside, or a reload), with the referring site. */
function arrival(url: string, referer: string | undefined, ownHost: string): Counted | undefined {
  const item = pagePath(url);
  return item ? { kind: 'view', item, landing: true, referrer: referrerHost(referer, ownHost) } : undefined;
}

/**
 * Counts a server-rendered page. Pages resolve no session (see auth.ts); a reader with a session cookie is
 * looked up here, after the answer, so the administrator's own pages are left out without slowing anyone's.
 */
export function countPage(
  recorder: StatsRecorder,
  request: FastifyRequest,
  authenticate: (token: string) => Promise<CurrentUser | undefined>,
): void {
  const what = arrival(request.url, request.headers.referer, request.host);
  if (!what) return;
  const token = request.cookies[SESSION_COOKIE];
  if (request.user || !token) return record(recorder, request, what);
  void authenticate(token).then(
    (user) => record(recorder, request, what, user ?? null),
    () => record(recorder, request, what, null),
  );
}

/** Counts a visitor's page answered by the hot path (pageHotPath.ts), as `countPage` counts it through Fastify. */
export function countVisitorPage(recorder: StatsRecorder): (request: IncomingMessage, ip: string, host: string) => void {
  return (request, ip, host) => {
    const what = arrival(request.url ?? '', request.headers.referer, host);
    if (what) recorder.record(hitOf(request.headers, ip, undefined, what));
  };
}

/** Counts site searches and songs played, from the answers Fastify gives. */
export function installStatsCounting(app: FastifyInstance, recorder: StatsRecorder): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === SEARCH_ROUTE && reply.statusCode === 200) {
      const word = searchWord((request.params as { keyword: string }).keyword);
      if (word) record(recorder, request, { kind: 'search', item: word });
    } else if (route === SONG_ROUTE && (reply.statusCode === 200 || reply.statusCode === 206)) {
      const range = request.headers.range;
      if (range === undefined || /^bytes=0-/.test(range)) {
        record(recorder, request, { kind: 'play', item: String((request.params as { id: number }).id) });
      }
    }
  });
}

/** Counts a search answered by the hot path (installHotPath), which Fastify never sees. */
export function countHotAnswer(recorder: StatsRecorder): (request: IncomingMessage) => void {
  return (request) => {
    if (!request.url?.startsWith(SEARCH_PREFIX)) return;
    let word: string;
    try {
      word = searchWord(decodeURIComponent(request.url.slice(SEARCH_PREFIX.length)));
    } catch {
      return;
    }
    // Answered before any session lookup: a hot answer goes only to a request without a session cookie.
    if (word) recorder.record(hitOf(request.headers, request.socket.remoteAddress ?? '', undefined, { kind: 'search', item: word }));
  };
}

/**
 * The reader's app tells of an in-app navigation (the first page was counted when the server sent it). A
 * state-changing call like the others: it carries the X-Requested-With marker, so it is a keepalive fetch.
 */
export const statsBeaconRoutes: FastifyPluginAsyncTypebox<{ recorder?: StatsRecorder | undefined }> = async (app, { recorder }) => {
  app.post(STATS_VIEW_PATH, { schema: { body: StatsViewBody } }, async (request) => {
    const item = pagePath(request.body.path);
    if (!item) throw new AppError('invalid', zhCN.consoleStats.server.invalidPath);
    if (recorder) record(recorder, request, { kind: 'view', item });
    return ok(null);
  });
};
