import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/adapters/http/app';
import { FULL_LAYOUT_SCRIPT, THEME_SCRIPT } from '../../server/adapters/ssr/inlineScripts';
import { SiteService } from '../../server/domain/site/siteService';
import { DEMO_CONTENT_DIR } from '../../server/main';
import * as zhCN from '../../src/i18n/zh-CN';
import { inMemorySiteRepository } from '../fakes/siteRepository';
import { CLIENT_FILES, startTestServer } from './support/siteServer';

const text = zhCN.server;
const demo = JSON.parse(fs.readFileSync(path.join(DEMO_CONTENT_DIR, 'site.json'), 'utf8')) as {
  site: { name: string; author: string; motto: string };
  pageHeaders: { route: string }[];
};

/** What the site's own pages send with a state-changing call (the server's CSRF rule asks for both). */
const SAME_SITE = { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080', 'x-requested-with': 'XMLHttpRequest' };
const JSON_SAME_SITE = { ...SAME_SITE, 'content-type': 'application/json' };

let server: Awaited<ReturnType<typeof startTestServer>>;
let app: FastifyInstance;

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
});
afterAll(() => server?.close());

async function viewCount(): Promise<number> {
  const response = await app.inject({ method: 'GET', url: '/api/config' });
  return response.json<{ result: { viewCount: number } }>().result.viewCount;
}

async function expectStillServing() {
  const response = await app.inject({ method: 'GET', url: '/api/config' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ code: 0, message: 'success' });
}

describe('site API on a seeded database', () => {
  it('answers GET /api/config with the seeded site in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({
      code: 0,
      message: 'success',
      result: { name: demo.site.name, author: demo.site.author, motto: demo.site.motto },
    });
    expect(body.result.avatar).toMatch(/^\/media\/[0-9a-f]+\.webp$/);
    expect(Number.isInteger(body.result.viewCount)).toBe(true);
  });

  it('counts one view per PUT /api/config/addView and returns the new total', async () => {
    const before = await viewCount();
    const first = await app.inject({ method: 'PUT', url: '/api/config/addView', headers: SAME_SITE });
    const second = await app.inject({ method: 'PUT', url: '/api/config/addView', headers: SAME_SITE });
    expect(first.json()).toEqual({ code: 0, result: { viewCount: before + 1 }, message: 'success' });
    expect(second.json().result.viewCount).toBe(before + 2);
    expect(await viewCount()).toBe(before + 2);
  });

  it('lists a stored background image for every seeded route, each served from /media', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/pageHeader/getAll' });
    expect(response.statusCode).toBe(200);
    const headers = response.json<{ code: number; result: { route: string; image: string }[] }>();
    expect(headers.code).toBe(0);
    expect(headers.result.map((h) => h.route).sort()).toEqual(demo.pageHeaders.map((h) => h.route).sort());
    const image = await app.inject({ method: 'GET', url: headers.result[0]!.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toContain('immutable');
  });

  it('reports health at /healthz without caching, with the answers counted since start', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: string; requests: { total: number; ok: number; slowThresholdMs: number } }>();
    expect(body.status).toBe('ok');
    expect(body.requests.total).toBeGreaterThan(0);
    expect(body.requests.ok).toBeGreaterThan(0);
    expect(body.requests.slowThresholdMs).toBe(1000);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('does not seed twice: a restart on the same data folder keeps the counted views', async () => {
    const before = await viewCount();
    const again = await startTestServer({ dataDir: server.dataDir });
    try {
      const response = await again.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json().result.viewCount).toBe(before);
    } finally {
      await again.close();
    }
  });
});

describe('bad input gets the envelope with a Chinese message and the server keeps serving', () => {
  it('answers a malformed JSON body with 400 请求内容不是合法的 JSON and counts no view', async () => {
    const before = await viewCount();
    const response = await app.inject({
      method: 'PUT',
      url: '/api/config/addView',
      headers: JSON_SAME_SITE,
      payload: '{"page": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, result: null, message: text.invalidJson });
    expect(await viewCount()).toBe(before);
    await expectStillServing();
  });

  it('refuses a NUL character anywhere in a body or path with 400, since PostgreSQL cannot store it', async () => {
    const body = await app.inject({
      method: 'PUT',
      url: '/api/config/addView',
      headers: JSON_SAME_SITE,
      payload: JSON.stringify({ nested: ['ok', { note: 'a\u0000b' }] }),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ code: 400, result: null, message: text.invalidCharacters });
    const query = await app.inject({ method: 'GET', url: '/api/config?x=%00' });
    expect(query.statusCode).toBe(400);
    await expectStillServing();
  });

  it('answers an unknown API route with 404 接口不存在', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ code: 404, result: null, message: text.notFound });
    await expectStillServing();
  });

  it('answers an oversized body with 413 请求内容过大', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/config/addView',
      headers: JSON_SAME_SITE,
      payload: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 413, result: null, message: text.bodyTooLarge });
    await expectStillServing();
  });

  it.each([
    ['DELETE', '/api/config'],
    ['POST', '/api/config/addView'],
    ['GET', '/api/config/addView'],
    ['PUT', '/healthz'],
  ] as const)('answers %s %s (a known path, another method) with 405', async (method, url) => {
    const response = await app.inject({ method, url, headers: SAME_SITE });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ code: 405, result: null, message: text.methodNotAllowed });
    await expectStillServing();
  });

  it('answers an unsupported content type with 415 and the envelope', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/config/addView',
      headers: { ...SAME_SITE, 'content-type': 'application/xml' },
      payload: '<view/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 415, result: null, message: text.unsupportedMediaType });
  });

  it('keeps serving over a real socket after malformed and oversized requests', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const put = (body: string) =>
      fetch(`${address}/api/config/addView`, {
        method: 'PUT',
        headers: { origin: address, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
        body,
      });
    const malformed = await put('{');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 400, message: text.invalidJson });
    const oversized = await put(JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) })).catch(() => undefined);
    // The server may answer 413 or cut the upload short; either way it must keep answering.
    if (oversized) expect(oversized.status).toBe(413);
    const healthy = await fetch(`${address}/api/config`);
    expect(healthy.status).toBe(200);
    expect((await healthy.json()).code).toBe(0);
  });
});

describe('the built client', () => {
  it('serves hashed assets for a year, immutable', async () => {
    const response = await app.inject({ method: 'GET', url: CLIENT_FILES.assetPath });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(CLIENT_FILES.asset);
  });

  it('serves unhashed files with no-cache, and pages (which may name the reader) only to the reader', async () => {
    const file = await app.inject({ method: 'GET', url: CLIENT_FILES.unhashedPath });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-cache');
    const shell = await app.inject({ method: 'GET', url: '/home' });
    expect(shell.headers['cache-control']).toBe('private, no-cache');
  });

  it('gzips a large asset when the browser accepts gzip', async () => {
    const response = await app.inject({
      method: 'GET',
      url: CLIENT_FILES.assetPath,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const bytes = response.rawPayload;
    expect(bytes.length).toBeLessThan(Buffer.byteLength(CLIENT_FILES.asset));
    expect(zlib.gunzipSync(bytes).toString('utf8')).toBe(CLIENT_FILES.asset);
  });

  it('gzips a page when the browser accepts gzip, and sends it plain otherwise', async () => {
    const plain = await app.inject({ method: 'GET', url: '/home' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(zlib.gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('sends a content security policy whose script-src allows only the theme and full-layout scripts inline', async () => {
    const response = await app.inject({ method: 'GET', url: '/home' });
    const policy = String(response.headers['content-security-policy']);
    const directives = new Map(
      policy.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(directives.get('script-src')).toEqual(["'self'", hash(THEME_SCRIPT), hash(FULL_LAYOUT_SCRIPT)]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/home', '/article?id=999999', '/message/chat', '/resources/front', '/link/list/', '/archives'])(
    'answers the client route %s with the app shell (200)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(CLIENT_FILES.index);
    },
  );

  it.each([
    ['/', '/home'],
    ['/?showSpecial=1', '/home?showSpecial=1'],
    ['/?showSpecial&lang=en', '/home?showSpecial&lang=en'],
  ])('answers %s with a redirect to %s, so nothing waits for the app to learn where to go', async (url, location) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
    expect(response.body).toBe('');
  });

  it('answers an unknown page with the app shell and HTTP 404, so the client shows its 404 page', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(CLIENT_FILES.index);
  });

  it('never answers an API path with the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/home' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, message: text.notFound });
  });
});

describe('unexpected failures', () => {
  it('answers 500 with the envelope and a Chinese message, leaking neither the error nor a stack', async () => {
    const broken = await buildApp(
      {
        site: new SiteService(inMemorySiteRepository(undefined, new Error('secret connection string'))),
        healthCheck: () => Promise.reject(new Error('database is down')),
      },
      { logLevel: 'silent' },
    );
    try {
      for (const url of ['/api/config', '/healthz']) {
        const response = await broken.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ code: 500, result: null, message: text.unexpected });
        expect(response.body).not.toMatch(/secret|database is down|at .+:\d+/);
      }
    } finally {
      await broken.close();
    }
  });

  it('answers GET /api/config on a site that was never set up with 404 站点尚未初始化', async () => {
    const empty = await buildApp(
      { site: new SiteService(inMemorySiteRepository()), healthCheck: async () => undefined },
      { logLevel: 'silent' },
    );
    try {
      const response = await empty.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, result: null, message: text.siteNotConfigured });
    } finally {
      await empty.close();
    }
  });
});
