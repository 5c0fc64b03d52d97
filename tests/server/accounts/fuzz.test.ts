import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startAccountsServer, type AccountsServer } from './support';

let site: AccountsServer;
let cookie: string;
let token: string;
beforeAll(async () => {
  site = await startAccountsServer();
  ({ cookie, token } = await signUp(site));
  await site.server.notifications.toAllUsers({ type: 1, message: 'seed', toId: 1 });
});
afterAll(() => site.close());

/** Any JSON-ish value, with hostile strings (full Unicode, lone surrogates, huge numbers). */
const value = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);

/** Mostly well-typed fields (so requests reach the handlers, not just the schema), sometimes anything. */
const plausible = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 60 }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: value },
);

const bodyWith = (keys: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, plausible])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );

const pathSegment = fc.oneof(
  fc.integer().map(String),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom('0', '-1', '1.5', '99999999999999999999', 'NaN', '%00', '..'),
);

const auth = fc.constantFrom<'none' | 'cookie' | 'bearer' | 'garbage'>('none', 'cookie', 'bearer', 'garbage');

function headersFor(kind: 'none' | 'cookie' | 'bearer' | 'garbage'): Record<string, string> {
  switch (kind) {
    case 'cookie':
      return { cookie };
    case 'bearer':
      return { authorization: `Bearer ${token}` };
    case 'garbage':
      return { cookie: 'blog_session=%E0%A4%A', authorization: 'Bearer ' + 'x'.repeat(500) };
    default:
      return {};
  }
}

const ENDPOINTS: Array<{ method: 'GET' | 'POST' | 'PUT'; path: (segment: string) => string; keys: string[] }> = [
  { method: 'POST', path: () => '/api/user/register', keys: ['username', 'password', 'nick_name'] },
  { method: 'POST', path: () => '/api/user/login', keys: ['username', 'password', 'remember'] },
  { method: 'POST', path: () => '/api/user/logout', keys: [] },
  { method: 'GET', path: () => '/api/user/current', keys: [] },
  { method: 'GET', path: (s) => `/api/user/getUserInfoById/${s}`, keys: [] },
  { method: 'PUT', path: () => '/api/user/updateOwnUserInfo', keys: ['nick_name', 'avatar'] },
  { method: 'PUT', path: () => '/api/user/updatePassword', keys: ['old_password', 'new_password'] },
  { method: 'POST', path: () => '/api/notify/getNotifyList', keys: ['current', 'size', 'userId'] },
  { method: 'PUT', path: (s) => `/api/notify/update/${s}`, keys: [] },
  { method: 'PUT', path: (s) => `/api/notify/delete/${s}`, keys: [] },
  { method: 'POST', path: () => '/api/upload/img', keys: ['file'] },
];

describe('generated requests against every account and notification endpoint', () => {
  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path(':id')}`, e] as const))(
    '%s never answers 500 and always answers the envelope',
    async (_name, endpoint) => {
      await fc.assert(
        fc.asyncProperty(bodyWith(endpoint.keys), pathSegment, auth, async (body, segment, kind) => {
          const response = await site.call({
            method: endpoint.method,
            url: endpoint.path(segment),
            headers: headersFor(kind),
            ...(endpoint.method === 'GET' ? {} : { payload: JSON.stringify(body) ?? 'null', headers: { ...headersFor(kind), 'content-type': 'application/json' } }),
          });
          expect(response.statusCode).toBeLessThan(500);
          const json = response.json() as { code: unknown; message: unknown };
          expect(typeof json.code).toBe('number');
          expect(typeof json.message).toBe('string');
        }),
        { numRuns: 60 },
      );
    },
  );

  it('raw bytes under any content type never produce a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS.filter((e) => e.method !== 'GET')),
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom('application/json', 'multipart/form-data; boundary=x', 'multipart/form-data', 'text/plain', 'application/octet-stream'),
        async (endpoint, bytes, contentType) => {
          const response = await site.call({
            method: endpoint.method,
            url: endpoint.path('1'),
            headers: { cookie, 'content-type': contentType },
            payload: Buffer.from(bytes),
          });
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });
});
