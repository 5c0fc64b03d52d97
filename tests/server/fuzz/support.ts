import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { routeTableOf, type RouteEntry } from '../../../server/adapters/http/app';
import { PASSWORD, startAccountsServer, uniqueName, type AccountsServer } from '../accounts/support';

export type Role = 'visitor' | 'user' | 'admin' | 'garbage';

/** The full composition with the demo content (articles, board, music) and three identities. */
export interface FuzzSite {
  site: AccountsServer;
  /** Every route of the app's own route table (HEAD mirrors left out). */
  routes: RouteEntry[];
  /** Headers that make the request come from this identity, freshly signed in if a call ended its session. */
  headersFor(role: Role): Promise<Record<string, string>>;
  /** After a call that may have ended a session (logout, password change): sign in again before the next call. */
  maybeEnded(url: string): void;
}

async function bearerLogin(site: AccountsServer, username: string, password: string): Promise<string> {
  const response = await site.call({ method: 'POST', url: '/api/user/login', payload: { username, password, bearer: true } });
  const token = (response.json() as { result?: { token?: string } }).result?.token;
  if (!token) throw new Error(`login of ${username} failed: ${response.body}`);
  return token;
}

export async function startFuzzSite(): Promise<FuzzSite> {
  const site = await startAccountsServer({ seedDemo: true });
  const username = uniqueName('fuzz');
  await site.call({ method: 'POST', url: '/api/user/register', payload: { username, password: PASSWORD } });
  const credentials: Record<'user' | 'admin', { username: string; password: string; token?: string }> = {
    user: { username, password: PASSWORD },
    admin: { username: 'admin', password: site.adminPassword },
  };
  const routes = routeTableOf(site.app).filter((route) => route.method !== 'HEAD');
  return {
    site,
    routes,
    async headersFor(role): Promise<Record<string, string>> {
      if (role === 'visitor') return {};
      if (role === 'garbage') return { cookie: 'blog_session=%E0%A4%A; other=1', authorization: `Bearer ${'x'.repeat(300)}` };
      const who = credentials[role];
      who.token ??= await bearerLogin(site, who.username, who.password);
      // Cookie and bearer alike: some calls read one, some the other, and both name the same session.
      return { authorization: `Bearer ${who.token}`, cookie: `blog_session=${who.token}` };
    },
    maybeEnded(url) {
      if (/logout|updatePassword/.test(url)) {
        credentials.user.token = undefined;
        credentials.admin.token = undefined;
      }
    },
  };
}

/** Encodes any string as a path segment, lone surrogates included (encodeURIComponent would throw on them). */
export function encodeSegment(text: string): string {
  return text
    .split(/([\uD800-\uDFFF])/u)
    .map((piece) => (/^[\uD800-\uDFFF]$/u.test(piece) ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');
}

/** Path parameters of every shape: numbers at the edges, encodings, traversal, Unicode, very long. */
export const segment = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -3, max: 40 }).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0', '-1', '1.5', '1e3', '0x10', '99999999999999999999', '2147483648', 'NaN', 'Infinity', 'null', 'true', '[]', '{}',
      '%00', '..', '%2e%2e', '%2F', '%5C', '%ED%A0%80', '%FF', '%', '%zz', '%20', '~', ';', "'", '"', '<script>',
      '1;drop table article', 'a'.repeat(3000), '%E5%90%AC%E9%9B%A8', 'admin', 'front', 'back', 'song', 'playlist',
      '1.jpg', '1/2', '%C0%AE%C0%AE',
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeSegment) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeSegment) },
);

/** A route's URL with each parameter (and wildcard) filled in. */
export function fillPath(url: string, values: string[]): string {
  let next = 0;
  return url
    .split('/')
    .map((part) => (part.startsWith(':') || part === '*' ? (values[next++ % values.length] ?? '1') : part))
    .join('/');
}

/** Hostile strings: full Unicode, lone surrogates, NUL, bidi overrides, zero-width, very long. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', 'x\ud800y', '\udc00', '\u202eadmin', 'admin\u200d', 'ａｄｍｉｎ', '\ufeff', '🌧'.repeat(500), '听'.repeat(5000), '%', '../'.repeat(20), '/media/a.png', 'https://evil.example/a.png', '#zzzzzz', 'javascript:alert(1)'),
);

/** Any JSON value with hostile leaves, sometimes shaped like the route's own body. */
export function bodyFor(keys: string[]) {
  const leaf = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.integer({ min: -5, max: 60 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, Number.MIN_VALUE) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('1', 'true', [1], {}, []) },
  );
  const shaped = keys.length > 0 ? fc.record(Object.fromEntries(keys.map((k) => [k, leaf])), { requiredKeys: [] }) : fc.constant({});
  return fc.oneof(
    { weight: 4, arbitrary: shaped },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, leaf, { maxKeys: 5 }) },
  );
}

/** Raw payloads that are not well-formed JSON, or are JSON at the edges. */
export const rawPayload = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    'null',
    '[]',
    '"text"',
    '1',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\ufeff{}',
    '{"a":"\\ud800"}',
    '{"\\u0000":1}',
    '{"a":1,"a":2}',
    '[' .repeat(10_000) + ']'.repeat(10_000),
    '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
    JSON.stringify({ big: 'x'.repeat(900_000) }),
    JSON.stringify({ big: 'x'.repeat(1_100_000) }),
    JSON.stringify(Array.from({ length: 50_000 }, (_, i) => i)),
  ),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'image/png',
  'x/y;;;=',
  '',
);

/** Query strings with hostile keys and values, nested brackets, repeated keys and the odd encoding. */
export const queryString = fc.oneof(
  fc.constant(''),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { maxKeys: 4 }).map((q) => {
    const pairs = Object.entries(q).map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
    return pairs.length > 0 ? `?${pairs.join('&')}` : '';
  }),
  fc.constantFrom(
    '?id=1&id=2&id=3',
    '?ids=1,2,x',
    '?a[b][c]=1',
    '?__proto__[x]=1',
    '?limit=-1&offset=-1',
    '?limit=1e9&offset=NaN',
    '?keywords=%ED%A0%80',
    '?keywords=%00',
    '?x=%zz',
    `?q=${'a'.repeat(10_000)}`,
    '?param=300y300',
    '?level=lossless',
    '?&&&==&',
  ),
);

export const wrongMethod = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD');

export const role = fc.constantFrom<Role>('visitor', 'user', 'admin', 'garbage');

/** What an answer may never contain: a stack frame or a path of this machine. */
const STACK = /\bat [^\n]*\(?[^\s()]+:\d+:\d+\)?|node_modules|\/work\/|\/home\/|\/tmp\/|[A-Z]:\\|Error: /;
const HAN = /\p{Script=Han}/u;
const ENVELOPE_PATHS = /^\/(api|wapi)\//;

/** The property every answer holds: no 500, no stack or path, the envelope with a Chinese message on refusals. */
export function expectSafeAnswer(response: LightMyRequestResponse, pathname: string, what: string): void {
  expect(response.statusCode, what).toBeLessThan(500);
  const contentTypeHeader = String(response.headers['content-type'] ?? '');
  if (!/^(text|application\/(json|xml|rss))/.test(contentTypeHeader) && contentTypeHeader !== '') return;
  const body = response.body;
  if (body === '') return;
  const json = contentTypeHeader.startsWith('application/json') ? (response.json() as { code?: unknown; message?: unknown }) : undefined;
  // Refusals are where a stack or a path would leak (articles may well mention /home/ or "Error: ").
  const refusal = response.statusCode >= 400 || (json !== undefined && json.code !== undefined && json.code !== 0 && json.code !== 200);
  if (refusal) expect(STACK.test(body), `${what}: ${body.slice(0, 300)}`).toBe(false);
  if (!ENVELOPE_PATHS.test(pathname) || json === undefined) return;
  expect(typeof json.code, what).toBe('number');
  // /wapi answers NetEase's shapes: a message only on refusals.
  if (pathname.startsWith('/api/')) expect(typeof json.message, what).toBe('string');
  if (response.statusCode >= 400 || (json.code !== 0 && json.code !== 200)) {
    expect(typeof json.message, what).toBe('string');
    expect(HAN.test(String(json.message)), `${what}: ${String(json.message)}`).toBe(true);
  }
}

/** The server still answers: its health check and a page. */
export async function expectStillServing(site: AccountsServer): Promise<void> {
  const health = await site.app.inject({ method: 'GET', url: '/healthz' });
  expect(health.statusCode).toBe(200);
}
