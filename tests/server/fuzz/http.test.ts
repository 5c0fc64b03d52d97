import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../../server/adapters/http/app';
import {
  bodyFor,
  contentType,
  expectSafeAnswer,
  expectStillServing,
  fillPath,
  queryString,
  rawPayload,
  role,
  segment,
  startFuzzSite,
  wrongMethod,
  type FuzzSite,
  type Role,
} from './support';

/**
 * Every route of the running app, taken from its own route table (a new route is covered without anyone
 * listing it), driven with generated requests as a visitor, a user, an administrator and a forged session.
 * Property: never a 500, never a stack or a path of this machine, the envelope with a Chinese message on
 * every refusal, and the server still answers.
 */
let fuzz: FuzzSite;
beforeAll(async () => {
  fuzz = await startFuzzSite();
}, 60_000);
afterAll(() => fuzz.site.close());

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Generated {
  method: string;
  path: string;
  query: string;
  role: Role;
  /** Mostly what the site's own pages send; sometimes nothing, or a foreign origin. */
  csrf: 'same-site' | 'none' | 'foreign';
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string | Buffer; type: string };
}

let sequence = 0;
async function send(request: Generated) {
  const headers: Record<string, string> = { ...(await fuzz.headersFor(request.role)) };
  if (request.csrf === 'same-site') Object.assign(headers, { 'x-requested-with': 'XMLHttpRequest', origin: 'http://localhost:80' });
  if (request.csrf === 'foreign') Object.assign(headers, { 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' });
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.path + request.query,
    headers,
    // Each call from its own address, so the login throttle of the identities' own address stays clean.
    remoteAddress: `10.66.${(sequence >> 8) & 255}.${sequence++ & 255}`,
  };
  if (request.body.kind === 'json') {
    options.payload = JSON.stringify(request.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (request.body.kind === 'raw') {
    options.payload = request.body.payload;
    if (request.body.type !== '') headers['content-type'] = request.body.type;
  }
  const response = await fuzz.site.app.inject(options);
  fuzz.maybeEnded(request.path);
  return response;
}

function describeRequest(request: Generated): string {
  const body =
    request.body.kind === 'none' ? '' : request.body.kind === 'json' ? JSON.stringify(request.body.value)?.slice(0, 200) : `${request.body.type} ${String(request.body.payload).slice(0, 100)}`;
  return `${request.method} ${(request.path + request.query).slice(0, 200)} as ${request.role} (${request.csrf}) ${body}`;
}

async function check(request: Generated) {
  const response = await send(request);
  expectSafeAnswer(response, request.path, describeRequest(request));
}

const bodyArb = (route: RouteEntry) =>
  fc.oneof(
    { weight: 5, arbitrary: bodyFor(route.bodyKeys).map((value) => ({ kind: 'json' as const, value })) },
    { weight: 2, arbitrary: fc.tuple(rawPayload, contentType).map(([payload, type]) => ({ kind: 'raw' as const, payload, type })) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );

const requestFor = (route: RouteEntry, method: fc.Arbitrary<string> = fc.constant(route.method)): fc.Arbitrary<Generated> =>
  fc.record({
    method,
    path: fc.array(segment, { minLength: 1, maxLength: 4 }).map((values) => fillPath(route.url, values)),
    query: queryString,
    role,
    csrf: fc.constantFrom<Generated['csrf']>('same-site', 'same-site', 'same-site', 'none', 'foreign'),
    body: STATE_CHANGING.has(route.method) ? bodyArb(route) : fc.oneof(fc.constant({ kind: 'none' as const }), bodyArb(route)),
  });

describe('generated requests against every route in the route table', () => {
  it('finds the routes of every area, music and chat included', () => {
    const urls = fuzz.routes.map((r) => r.url);
    for (const expected of ['/api/user/login', '/api/upload/img', '/api/message/add', '/wapi/search', '/api/chat/getChatList', '/ws/', '/healthz']) {
      expect(urls).toContain(expected);
    }
    expect(fuzz.routes.length).toBeGreaterThan(50);
  });

  it('answers each route, in its own method, safely', async () => {
    const before = sequence;
    for (const route of fuzz.routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (request) => check(request)),
        { numRuns: route.url.startsWith('/api/') || route.url.startsWith('/wapi/') ? 40 : 8 },
      );
    }
    expect(sequence - before).toBeGreaterThanOrEqual(fuzz.routes.length * 8);
    await expectStillServing(fuzz.site);
  }, 120_000);

  it('answers wrong methods, odd spellings of the path and wrong content types safely', async () => {
    const oddPath = fc.constantFrom(
      (p: string) => p,
      (p: string) => `${p}/`,
      (p: string) => `/${p}`,
      (p: string) => p.replace('/api/', '/%61pi/'),
      (p: string) => p.replace('/api/', '/API/'),
      (p: string) => p.replace('/api/', '/api/../api/'),
      (p: string) => p.replace(/\//g, '//'),
      (p: string) => `${p};jsessionid=1`,
      (p: string) => `${p}%00`,
      (p: string) => `${p}%2F..%2F..%2Fetc%2Fpasswd`,
      (p: string) => p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fuzz.routes).chain((route) => fc.tuple(requestFor(route, wrongMethod), oddPath)),
        async ([request, odd]) => check({ ...request, path: odd(request.path) }),
      ),
      { numRuns: 800 },
    );
    await expectStillServing(fuzz.site);
  }, 60_000);

  it('answers malformed, empty, deeply nested, huge and Unicode-edge bodies under any content type safely', async () => {
    const writes = fuzz.routes.filter((r) => STATE_CHANGING.has(r.method));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes).chain((route) =>
          fc.record({
            request: requestFor(route),
            payload: rawPayload,
            type: contentType,
          }),
        ),
        async ({ request, payload, type }) => check({ ...request, csrf: 'same-site', body: { kind: 'raw', payload, type } }),
      ),
      { numRuns: 400 },
    );
    await expectStillServing(fuzz.site);
  }, 60_000);

  it('keeps answering pages and assets after all of it', async () => {
    await expectStillServing(fuzz.site);
    const page = await fuzz.site.app.inject({ method: 'GET', url: '/home' });
    expect(page.statusCode).toBe(200);
    const list = await fuzz.site.app.inject({ method: 'GET', url: '/api/article/blogHomeGetArticleList/1/10' });
    expect(list.json().code).toBe(0);
  });
});
