import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import zlib from 'node:zlib';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageCacheCounts } from '../../../server/adapters/ssr/pageCache';
import { VISITOR_PAGE_CACHING } from '../../../server/adapters/http/pageHotPath';
import { rawRequestReader } from '../../../server/adapters/http/rawRequest';
import { adminCookie, rawGet, sharedData, startSite, write, type SharedData, type TestSite } from './support';
import { writeRenderingClient } from './pageSupport';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

function countsOf(site: TestSite): PageCacheCounts {
  const pages = site.server.pages;
  if (!pages) throw new Error('the page cache is off');
  return pages.counts();
}

/** Answers given in front of Fastify so far (/healthz counts them). */
async function hotPathAnswers(site: TestSite): Promise<number> {
  return (await site.app.inject({ method: 'GET', url: '/healthz' })).json<{ requests: { hotPath: number } }>().requests.hotPath;
}

/** A page over a real socket, as a browser asks (the hot path sees only real requests, never `inject`). */
function get(site: TestSite, url: string, headers: http.OutgoingHttpHeaders = {}) {
  return rawGet(`${site.url}${url}`, { 'user-agent': DESKTOP, ...headers });
}

/** The headers two answers must share (the connection's own and the date aside). */
function comparable(headers: http.IncomingHttpHeaders) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

describe('visitors’ kept pages answered in front of Fastify (SQLite)', () => {
  let data: SharedData;
  let site: TestSite;
  let clientDir: string;
  let admin: string;

  beforeAll(async () => {
    clientDir = writeRenderingClient();
    data = await sharedData('SQLite');
    data.config.clientDir = clientDir;
    site = await startSite(data);
    admin = await adminCookie(site, site.adminPassword);
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await data?.dispose();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('renders a page once and answers the next requests before Fastify, the same bytes and headers in every encoding', async () => {
    const before = countsOf(site);
    const hotBefore = await hotPathAnswers(site);
    const first = await get(site, '/talk');
    expect(first.status).toBe(200);
    const plain = await get(site, '/talk');
    const gzipped = await get(site, '/talk', { 'accept-encoding': 'gzip' });
    const brotli = await get(site, '/talk', { 'accept-encoding': 'gzip, deflate, br' });
    const after = countsOf(site);
    expect(after.renders - before.renders).toBe(1);
    expect(after.hits - before.hits).toBe(3);
    expect((await hotPathAnswers(site)) - hotBefore).toBe(3);
    expect(plain.body).toBe(first.body);
    expect(comparable(plain.headers)).toEqual(comparable(first.headers));
    expect(plain.headers['cache-control']).toBe(VISITOR_PAGE_CACHING);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.bytes).toString()).toBe(first.body);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.bytes).toString()).toBe(first.body);
    // Fastify's answer of the same kept page: the hot path's headers are its headers.
    const throughFastify = await site.app.inject({
      method: 'GET',
      url: '/talk',
      headers: { 'user-agent': DESKTOP, 'accept-encoding': 'br', host: new URL(site.url).host },
    });
    expect(countsOf(site).renders - before.renders).toBe(1);
    expect(comparable(brotli.headers)).toEqual(comparable(throughFastify.headers as http.IncomingHttpHeaders));
  });

  it('answers 304 to a matching validator before Fastify, and the page to another', async () => {
    const page = await get(site, '/message/list');
    const etag = String(page.headers.etag);
    const hotBefore = await hotPathAnswers(site);
    const rendersBefore = countsOf(site).renders;
    const unchanged = await get(site, '/message/list', { 'if-none-match': `"other", ${etag}` });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.headers['cache-control']).toBe(VISITOR_PAGE_CACHING);
    const other = await get(site, '/message/list', { 'if-none-match': '"other"' });
    expect(other.status).toBe(200);
    expect(other.body).toBe(page.body);
    expect((await hotPathAnswers(site)) - hotBefore).toBe(2);
    expect(countsOf(site).renders).toBe(rendersBefore);
  });

  it('keeps one copy per variant: another language or theme is rendered once, then answered before Fastify', async () => {
    await get(site, '/category');
    const before = countsOf(site).renders;
    const english = await get(site, '/category', { 'accept-language': 'en' });
    const dark = await get(site, '/category', { cookie: 'blog_ui=%7B%22theme%22%3A%22dark%22%7D' });
    expect(countsOf(site).renders - before).toBe(2);
    const hotBefore = await hotPathAnswers(site);
    expect((await get(site, '/category', { 'accept-language': 'en' })).body).toBe(english.body);
    expect((await get(site, '/category?lang=en')).body).toContain('<html lang="en"');
    expect((await get(site, '/category', { cookie: 'blog_ui=%7B%22theme%22%3A%22dark%22%7D' })).body).toBe(dark.body);
    expect(english.body).toContain('<html lang="en"');
    expect(dark.body).toContain('data-theme="dark"');
    // `?lang=en` is a variant of its own (its address differs), rendered once.
    expect(countsOf(site).renders - before).toBe(3);
    expect((await hotPathAnswers(site)) - hotBefore).toBe(2);
  });

  it('counts the article’s view and the visit of every page it answers', async () => {
    const id = (await write(site, 'POST', '/api/admin/articles', {
      title: `热路径上的文章${crypto.randomBytes(3).toString('hex')}`,
      content: '正文。',
      summary: '',
      cover: '',
      category: null,
      tags: [],
      pinned: false,
    }, admin)) as { id: number };
    await write(site, 'POST', `/api/admin/articles/${id.id}/publish`, { publishAt: null }, admin);
    const viewsOf = async () => ((await write(site, 'GET', `/api/admin/articles/${id.id}`, undefined, admin)) as { views: number }).views;
    const referrer = `news-${crypto.randomBytes(3).toString('hex')}.example`;
    const referrerViews = async () => {
      const report = (await write(site, 'GET', '/api/admin/stats?days=7', undefined, admin)) as {
        tables: { referrers: { item: string; views: number }[] };
      };
      return report.tables.referrers.find((row) => row.item === referrer)?.views ?? 0;
    };
    await site.server.settleCounters();
    const before = await viewsOf();
    const rendersBefore = countsOf(site).renders;
    const hotBefore = await hotPathAnswers(site);
    for (let i = 0; i < 4; i++) {
      const page = await get(site, `/article?id=${id.id}`, { referer: `https://${referrer}/front` });
      expect(page.status).toBe(200);
    }
    expect(countsOf(site).renders - rendersBefore).toBe(1);
    expect((await hotPathAnswers(site)) - hotBefore).toBe(3);
    await site.server.settleCounters();
    expect(await viewsOf()).toBe(before + 4);
    expect(await referrerViews()).toBe(4);
  });

  it('never answers a reader with a session there: two readers and visitors interleaved each get their own page', async () => {
    const register = async (nickName: string) => {
      const username = `u${crypto.randomBytes(5).toString('hex')}`;
      await write(site, 'POST', '/api/user/register', { username, password: 'abc123456', nick_name: nickName });
      const login = await site.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'x-requested-with': 'XMLHttpRequest', host: '127.0.0.1', origin: 'http://127.0.0.1' },
        payload: { username, password: 'abc123456' },
      });
      return `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
    };
    const first = await register('读者甲');
    const second = await register('读者乙');
    await get(site, '/home');
    const readers: [string | undefined, string][] = [
      [undefined, '访客'],
      [first, '读者甲'],
      [undefined, '访客'],
      [second, '读者乙'],
      [first, '读者甲'],
      [undefined, '访客'],
      [`blog_ui=%7B%7D; ${second}`, '读者乙'],
    ];
    for (const [cookie, name] of readers) {
      const hotBefore = await hotPathAnswers(site);
      const page = await get(site, '/home', cookie ? { cookie } : {});
      expect(/<p id="reader">([^<]*)<\/p>/.exec(page.body)?.[1]).toBe(name);
      expect((await hotPathAnswers(site)) - hotBefore, name).toBe(cookie ? 0 : 1);
      if (cookie) expect(page.headers['cache-control']).toBe('private, no-cache');
    }
  });

  it('leaves a request it cannot read to Fastify, and keeps answering', async () => {
    await get(site, '/talk');
    const hotBefore = await hotPathAnswers(site);
    const malformed = await rawGet(`${site.url}/talk`, { host: 'bad[host', 'user-agent': DESKTOP });
    expect(malformed.status).toBeGreaterThanOrEqual(200);
    expect((await get(site, '/talk')).status).toBe(200);
    expect((await hotPathAnswers(site)) - hotBefore).toBe(1);
  });

  it('shows a write at the next request it answers', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    await get(site, '/talk');
    expect((await get(site, '/talk')).body).not.toContain(`热路径说说${tag}`);
    await write(site, 'POST', '/api/talk/add', { content: `热路径说说${tag}`, images: [], pinned: false }, admin);
    const rendersBefore = countsOf(site).renders;
    expect((await get(site, '/talk')).body).toContain(`热路径说说${tag}`);
    expect(countsOf(site).renders - rendersBefore).toBe(1);
  });
});

describe('a raw request read as Fastify reads it', () => {
  const raw = (request: FastifyRequest) => request.raw as http.IncomingMessage;
  it('takes the address, host and scheme from a trusted proxy’s headers, and from the socket otherwise', async () => {
    const trusts: (string[] | false)[] = [['127.0.0.1'], ['10.0.0.1'], false];
    for (const trust of trusts) {
      const app = Fastify({ trustProxy: trust });
      const reader = rawRequestReader(trust);
      app.get('/', async (request) => ({
        fastify: [request.ip, request.host, request.protocol],
        raw: [reader.ip(raw(request)), reader.host(raw(request)), reader.protocol(raw(request))],
      }));
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        for (const headers of [
          {},
          { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-host': 'blog.example', 'x-forwarded-proto': 'https' },
          { 'x-forwarded-for': '203.0.113.1, 198.51.100.7', 'x-forwarded-host': 'a.example, blog.example', 'x-forwarded-proto': 'http, https' },
        ]) {
          const answer = JSON.parse((await rawGet(address, headers)).body) as { fastify: string[]; raw: string[] };
          expect(answer.raw, JSON.stringify({ trust, headers })).toEqual(answer.fastify);
        }
      } finally {
        await app.close();
      }
    }
  });
});
