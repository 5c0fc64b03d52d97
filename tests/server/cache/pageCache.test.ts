import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { findMarkdownFiles, MarkdownImporter } from '../../../server/adapters/import/markdownImporter';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import type { PageCacheCounts } from '../../../server/adapters/ssr/pageCache';
import { VISITOR_PAGE_CACHING } from '../../../server/adapters/http/pageHotPath';
import type { DatabaseHandle } from '../../../server/adapters/db/connect';
import { postgresAndRedisUnreachable } from '../support/databases';
import { MARKER } from '../accounts/support';
import { adminCookie, markdownPost, REDIS_URL, sharedData, startSite, write, type SharedData, type TestSite } from './support';
import { writeRenderingClient } from './pageSupport';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

function countsOf(site: TestSite): PageCacheCounts {
  const pages = site.server.pages;
  if (!pages) throw new Error('the page cache is off');
  return pages.counts();
}

async function visit(site: TestSite, url: string, headers: Record<string, string> = {}) {
  return site.app.inject({ method: 'GET', url, headers: { 'user-agent': DESKTOP, ...headers } });
}

/** The page as a visitor gets it now, and how many renders that took. */
async function visitorPage(site: TestSite, url: string): Promise<{ body: string; rendered: number }> {
  const before = countsOf(site).renders;
  const response = await visit(site, url);
  expect(response.statusCode).toBe(200);
  return { body: response.body, rendered: countsOf(site).renders - before };
}

async function register(site: TestSite, nickName: string): Promise<string> {
  const username = `u${crypto.randomBytes(5).toString('hex')}`;
  const headers = { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1' };
  const payload = { username, password: 'abc123456', nick_name: nickName };
  expect((await site.app.inject({ method: 'POST', url: '/api/user/register', headers, payload })).json()).toMatchObject({ code: 0 });
  const login = await site.app.inject({ method: 'POST', url: '/api/user/login', headers, payload: { username, password: 'abc123456' } });
  return `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
}

interface Writer {
  site: TestSite;
  admin: string;
  member: string;
}

async function publishedArticle(writer: Writer, title: string, publishAt: string | null = null): Promise<number> {
  const body = { title, content: `${title}的正文。`, summary: '', cover: '', category: null, tags: [], pinned: false };
  const created = (await write(writer.site, 'POST', '/api/admin/articles', body, writer.admin)) as { id: number };
  await write(writer.site, 'POST', `/api/admin/articles/${created.id}/publish`, { publishAt }, writer.admin);
  return created.id;
}

interface PageCheck {
  /** Before the write: the page is kept (so only the write's invalidation can make it change). */
  kept(url: string): Promise<void>;
  /** After the write: the page shows the change (or no longer shows `text`). */
  shows(url: string, text: string, shown: boolean): Promise<void>;
}

/** Every kind of write that changes a page, each followed by the page that must show it. */
async function everyKindOfWrite(writer: Writer, check: PageCheck) {
  const tag = crypto.randomBytes(3).toString('hex');
  const step = async (url: string, text: string, change: () => Promise<unknown>, shown = true) => {
    await check.kept(url);
    await change();
    await check.shows(url, text, shown);
  };
  const as = writer.admin;
  let id = 0;
  await step('/home', `新发布的文章${tag}`, async () => (id = await publishedArticle(writer, `新发布的文章${tag}`)));
  const edit = { title: `改过标题的文章${tag}`, content: '改过的正文。', summary: '', cover: '', category: null, tags: [], pinned: false };
  await step(`/article?id=${id}`, `改过标题的文章${tag}`, async () => {
    const { version } = (await write(writer.site, 'GET', `/api/admin/articles/${id}`, undefined, as)) as { version: number };
    await write(writer.site, 'PUT', `/api/admin/articles/${id}`, { ...edit, version }, as);
  });
  await step(`/article?id=${id}`, `一条新评论${tag}`, () =>
    write(writer.site, 'POST', '/api/comment/add', { targetType: 'article', targetId: id, content: `一条新评论${tag}` }, as),
  );
  await step('/home', `改过标题的文章${tag}`, () => write(writer.site, 'POST', `/api/admin/articles/${id}/trash`, undefined, as), false);
  await step('/home', `新的公告${tag}`, async () => {
    const settings = (await write(writer.site, 'GET', '/api/admin/site/settings', undefined, as)) as object;
    await write(writer.site, 'PUT', '/api/admin/site/settings', { ...settings, notice: `新的公告${tag}` }, as);
  });
  await step('/talk', `一条说说${tag}`, () =>
    write(writer.site, 'POST', '/api/talk/add', { content: `一条说说${tag}`, images: [], pinned: false }, as),
  );
  await step('/message/list', `一条留言${tag}`, () =>
    write(writer.site, 'POST', '/api/message/add', { content: `一条留言${tag}`, color: '', bgImage: '' }, writer.member),
  );
}

describe('visitors’ pages kept rendered (SQLite, one instance)', () => {
  let data: SharedData;
  let site: TestSite;
  let clientDir: string;
  let writer: Writer;

  beforeAll(async () => {
    clientDir = writeRenderingClient();
    data = await sharedData('SQLite', { SCHEDULE_POLL_MS: '100' });
    data.config.clientDir = clientDir;
    site = await startSite(data);
    writer = { site, admin: await adminCookie(site, site.adminPassword), member: await register(site, '读者甲') };
  }, 60_000);

  afterAll(async () => {
    await site?.close();
    await data?.dispose();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('serves a visitor’s second request from memory: no render, the same page in every encoding', async () => {
    const before = countsOf(site);
    const first = await visit(site, '/talk');
    const second = await visit(site, '/talk');
    const gzipped = await visit(site, '/talk', { 'accept-encoding': 'gzip' });
    const brotli = await visit(site, '/talk', { 'accept-encoding': 'gzip, deflate, br' });
    const after = countsOf(site);
    expect(after.renders - before.renders).toBe(1);
    expect(after.misses - before.misses).toBe(1);
    expect(after.hits - before.hits).toBe(3);
    expect(second.body).toBe(first.body);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(first.body);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(first.body);
    expect(first.headers['cache-control']).toBe(VISITOR_PAGE_CACHING);
    expect(first.headers.vary).toBe('accept-encoding, accept-language, cookie');
    expect(after.bytes).toBeGreaterThan(0);
  });

  it('answers 304 to a matching validator, and the page to another', async () => {
    const page = await visit(site, '/home');
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const unchanged = await visit(site, '/home', { 'if-none-match': `"other", ${etag}` });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await visit(site, '/home', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('keeps one copy per variant: language and theme, the same for a phone and a desktop', async () => {
    const before = countsOf(site).renders;
    const desktop = await visit(site, '/message/list');
    await visit(site, '/message/list', { 'accept-language': 'en' });
    await visit(site, '/message/list', { cookie: 'blog_ui=%7B%22theme%22%3A%22dark%22%7D' });
    expect(countsOf(site).renders - before).toBe(3);
    const phone = await visit(site, '/message/list', { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' });
    await visit(site, '/message/list', { 'accept-language': 'en' });
    expect(countsOf(site).renders - before).toBe(3);
    expect(phone.body).toBe(desktop.body);
  });

  it('still counts the article’s view for each visitor served from memory', async () => {
    const id = await publishedArticle(writer, `数阅读量的文章${crypto.randomBytes(3).toString('hex')}`);
    const viewsOf = async () => ((await write(site, 'GET', `/api/admin/articles/${id}`, undefined, writer.admin)) as { views: number }).views;
    await site.server.settleCounters();
    const before = await viewsOf();
    const rendersBefore = countsOf(site).renders;
    for (let i = 0; i < 3; i++) expect((await visit(site, `/article?id=${id}`)).statusCode).toBe(200);
    expect(countsOf(site).renders - rendersBefore).toBe(1);
    await site.server.settleCounters();
    expect(await viewsOf()).toBe(before + 3);
  });

  it('never gives a signed-in reader’s page to a visitor or to another reader', async () => {
    const second = await register(site, '读者乙');
    const readers: [string | undefined, string][] = [
      [undefined, '访客'],
      [writer.admin, '管理员'],
      [writer.member, '读者甲'],
      [undefined, '访客'],
      [second, '读者乙'],
      [writer.member, '读者甲'],
      [undefined, '访客'],
      [second, '读者乙'],
    ];
    for (const [cookie, name] of readers) {
      const page = await visit(site, '/home', cookie ? { cookie } : {});
      const shown = /<p id="reader">([^<]*)<\/p>/.exec(page.body)?.[1];
      if (cookie) {
        expect(shown).not.toBe('访客');
        expect(page.headers['cache-control']).toBe('private, no-cache');
        expect(page.headers.etag).toBeUndefined();
      } else {
        expect(shown).toBe(name);
      }
      if (name !== '管理员') expect(shown).toBe(name);
    }
  });

  it('shows every kind of write at the next request', async () => {
    await everyKindOfWrite(writer, {
      kept: async (url) => {
        await visitorPage(site, url);
        expect((await visitorPage(site, url)).rendered, url).toBe(0);
      },
      shows: async (url, text, shown) => {
        const page = await visitorPage(site, url);
        expect(page.rendered, url).toBe(1);
        if (shown) expect(page.body, url).toContain(text);
        else expect(page.body, url).not.toContain(text);
      },
    });
  });

  it('shows a scheduled article once it goes out, and an import at once', async () => {
    await visitorPage(site, '/home');
    const title = `定时发布的文章${crypto.randomBytes(3).toString('hex')}`;
    await publishedArticle(writer, title, new Date(Date.now() + 1_500).toISOString());
    expect((await visitorPage(site, '/home')).body).not.toContain(title);
    await vi.waitFor(async () => expect((await visitorPage(site, '/home')).body).toContain(title), { timeout: 10_000, interval: 100 });

    const db: DatabaseHandle = data.open();
    try {
      const imported = `导入的文章${crypto.randomBytes(3).toString('hex')}`;
      const importer = new MarkdownImporter({
        articles: new KyselyArticleRepository(db.db, db.dialect),
        media: new LocalMediaStore(path.join(data.config.dataDir, 'media')),
        changes: site.server.changes,
      });
      const [outcome] = await importer.importFiles(await findMarkdownFiles([markdownPost(imported).dir]));
      expect(outcome?.status).toBe('created');
      expect((await visitorPage(site, '/home')).body).toContain(imported);
    } finally {
      await db.close();
    }
  });
});

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

describe.skipIf(skipReason !== undefined)('visitors’ pages of two instances sharing PostgreSQL and Redis', () => {
  const prefix = `test-pages-${crypto.randomBytes(6).toString('hex')}`;
  let data: SharedData;
  let clientDir: string;
  const sites: TestSite[] = [];

  beforeAll(async () => {
    clientDir = writeRenderingClient();
    data = await sharedData('PostgreSQL');
    data.config.clientDir = clientDir;
    for (let i = 0; i < 2; i++) sites.push(await startSite(data, { redisUrl: REDIS_URL, cacheRedisPrefix: prefix }));
  }, 60_000);

  afterAll(async () => {
    for (const site of sites) await site.close();
    await data?.dispose();
    if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('a write on one instance shows on the other’s kept pages', async () => {
    const [a, b] = sites as [TestSite, TestSite];
    const writer: Writer = { site: a, admin: await adminCookie(a, a.adminPassword), member: await register(a, '读者丙') };
    await everyKindOfWrite(writer, {
      kept: async (url) => {
        await visit(b, url);
        const before = countsOf(b).renders;
        await visit(b, url);
        expect(countsOf(b).renders, url).toBe(before);
      },
      // Redis delivers the change a moment after the write.
      shows: (url, text, shown) =>
        vi.waitFor(
          async () => {
            const page = (await visit(b, url)).body;
            if (shown) expect(page, url).toContain(text);
            else expect(page, url).not.toContain(text);
          },
          { timeout: 10_000, interval: 20 },
        ),
    });
  });
});
