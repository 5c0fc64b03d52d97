import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../../server/adapters/db/connect';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { findMarkdownFiles, MarkdownImporter } from '../../../server/adapters/import/markdownImporter';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import { backends } from '../support/databases';
import {
  HOT_PATHS,
  adminCookie,
  expectFresh,
  markdownPost,
  rawGet,
  referenceApp,
  sharedData,
  startSite,
  write,
  type SharedData,
  type TestSite,
} from './support';

interface Listed {
  result: { list: { id: number; article_title: string; views: number; likes: number }[] };
}

/** Headers that belong to the connection or the moment, not to the answer. */
function answerHeaders(headers: Record<string, unknown>) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

describe.each(await backends())('hot reads on $name', (backend) => {
  let data: SharedData;
  let site: TestSite;
  let db: DatabaseHandle;
  let reference: FastifyInstance;

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await sharedData(backend.name);
    site = await startSite(data);
    db = data.open();
    reference = await referenceApp(db);
  });

  afterAll(async () => {
    await reference?.close();
    await db?.close();
    await site?.close();
    await data?.dispose();
  });

  const test = it.skipIf(backend.skipReason !== undefined);
  /** `npm run import` beside the running site, telling it what it changed. */
  const siteImporter = () =>
    new MarkdownImporter({
      articles: new KyselyArticleRepository(db.db, db.dialect),
      media: new LocalMediaStore(path.join(data.config.dataDir, 'media')),
      changes: site.server.changes,
    });

  test("answers from memory: a change made behind the server's back shows once a write drops the answer", async () => {
    await expectFresh(site, reference);
    const before = JSON.parse((await rawGet(`${site.url}/api/config`)).body) as {
      result: { motto: string; viewCount: number };
    };
    await db.db.updateTable('site_config').set({ motto: '只在数据库里改过的格言' }).where('id', '=', 1).execute();
    const kept = JSON.parse((await rawGet(`${site.url}/api/config`)).body) as { result: { motto: string } };
    expect(kept.result.motto).toBe(before.result.motto);

    expect(await write(site, 'PUT', '/api/config/addView')).toEqual({ viewCount: before.result.viewCount + 1 });
    const after = JSON.parse((await rawGet(`${site.url}/api/config`)).body) as {
      result: { motto: string; viewCount: number };
    };
    expect(after.result).toMatchObject({ motto: '只在数据库里改过的格言', viewCount: before.result.viewCount + 1 });
    await expectFresh(site, reference);
  });

  test("counting the site's view shows at once in the configuration and the facts", async () => {
    await expectFresh(site, reference);
    await write(site, 'PUT', '/api/config/addView');
    await expectFresh(site, reference);
  });

  test('every read of an article counts its view, answered from memory or not; the counts show once they settle', async () => {
    await expectFresh(site, reference);
    const hot = JSON.parse((await rawGet(`${site.url}/api/article/getHotArticle`)).body) as {
      result: { id: number; views: number }[];
    };
    const homePath = '/api/article/blogHomeGetArticleList/1/8';
    const home = JSON.parse((await rawGet(`${site.url}${homePath}`)).body) as Listed;
    const read = async (id: number) => (await write(site, 'GET', `/api/article/getArticleById/${id}`)) as { views: number };
    for (const id of [hot.result[0]!.id, home.result.list[0]!.id]) {
      const first = await read(id);
      // The same answer again, from memory before Fastify: counts as they were, its view counted all the same.
      const kept = JSON.parse((await rawGet(`${site.url}/api/article/getArticleById/${id}`)).body) as { result: { views: number } };
      expect(kept.result.views).toBe(first.views);
    }
    // Counted, not yet stored nor shown in the lists.
    expect(JSON.parse((await rawGet(`${site.url}${homePath}`)).body)).toEqual(home);
    await site.server.settleCounters();
    await expectFresh(site, reference);
    const hotAfter = JSON.parse((await rawGet(`${site.url}/api/article/getHotArticle`)).body) as typeof hot;
    expect(hotAfter.result.find((a) => a.id === hot.result[0]!.id)?.views).toBe(hot.result[0]!.views + 2);
    expect((await read(hot.result[0]!.id)).views).toBe(hot.result[0]!.views + 2);
  });

  test('a like answers the new count at once and shows in the lists once the counters settle', async () => {
    await expectFresh(site, reference);
    const home = JSON.parse((await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/8`)).body) as Listed;
    const first = home.result.list[0]!;
    expect(await write(site, 'PUT', `/api/article/like/${first.id}`)).toEqual({ likes: first.likes + 1 });
    await site.server.settleCounters();
    await expectFresh(site, reference);
  });

  test('a search is answered from memory until an article or a count it shows changes', async () => {
    const path = `/api/article/getArticleListByContent/${encodeURIComponent('的')}`;
    const first = await rawGet(`${site.url}${path}`);
    const hit = (JSON.parse(first.body) as { result: { id: number; views: number }[] }).result[0]!;
    await db.db.updateTable('article').set({ views: 1_000_000 }).where('id', '=', hit.id).execute();
    expect((await rawGet(`${site.url}${path}`)).body).toBe(first.body);
    await write(site, 'PUT', `/api/article/like/${hit.id}`);
    await site.server.settleCounters();
    const after = JSON.parse((await rawGet(`${site.url}${path}`)).body) as { result: { id: number; views: number }[] };
    expect(after.result.find((a) => a.id === hit.id)?.views).toBe(1_000_000);
    expect(after).toEqual(JSON.parse((await reference.inject({ method: 'GET', url: path })).body));
  });

  test("an article's answer is kept for its readers until a write changes it: an edit at once, counts once they settle", async () => {
    const post = markdownPost('正文会被记住的文章');
    const importer = siteImporter();
    const [created] = await importer.importFiles(await findMarkdownFiles([post.dir]));
    if (created?.status !== 'created') throw new Error(`not imported: ${JSON.stringify(created)}`);
    const { id } = created;
    interface Detail {
      article_title: string;
      article_content: string;
      views: number;
      likes: number;
    }
    const read = () => write(site, 'GET', `/api/article/getArticleById/${id}`) as Promise<Detail>;
    const first = await read();
    expect(first.article_content).toContain('正文会被记住的文章的正文。');

    // Changed behind the server's back: the kept answer stands, text and counts.
    await db.db.updateTable('article_body').set({ content: '只在数据库里改过的正文' }).where('article_id', '=', id).execute();
    await db.db.updateTable('article').set({ likes: 777 }).where('id', '=', id).execute();
    expect(await read()).toEqual(first);
    // A like answers the exact new count at once; the article shows it, and the views counted, once they settle.
    expect(await write(site, 'PUT', `/api/article/like/${id}`)).toEqual({ likes: 778 });
    await site.server.settleCounters();
    expect(await read()).toMatchObject({ article_content: first.article_content, likes: 778, views: first.views + 2 });

    // An edit through the importer drops the kept answer at once.
    fs.writeFileSync(post.file, fs.readFileSync(post.file, 'utf8').replace('的正文。', '的新正文。'));
    const [updated] = await importer.importFiles(await findMarkdownFiles([post.dir]));
    expect(updated?.status).toBe('updated');
    expect((await read()).article_content).toContain('正文会被记住的文章的新正文。');

    // Hidden from the console: its readers get the 404 at once.
    await write(site, 'POST', `/api/admin/articles/${id}/hide`, {}, await adminCookie(site, site.adminPassword));
    const hidden = await site.app.inject({ method: 'GET', url: `/api/article/getArticleById/${id}` });
    expect(hidden.statusCode).toBe(404);
  });

  test('a published talk shows at once in the facts', async () => {
    await expectFresh(site, reference);
    const cookie = await adminCookie(site, site.adminPassword);
    await write(site, 'POST', '/api/talk/add', { content: '缓存之后的第一条说说', images: [], pinned: false }, cookie);
    await expectFresh(site, reference);
  });

  test('an imported article shows at once in the home pages, the hottest list, the taxonomy and the facts', async () => {
    await expectFresh(site, reference);
    const post = markdownPost('缓存失效之后导入的文章');
    const importer = siteImporter();
    const [outcome] = await importer.importFiles(await findMarkdownFiles([post.dir]));
    expect(outcome?.status).toBe('created');
    await expectFresh(site, reference);
    const home = JSON.parse((await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/8`)).body) as Listed;
    expect(home.result.list.map((a) => a.article_title)).toContain('缓存失效之后导入的文章');
  });

  test('the hot path answers exactly what Fastify answers, and leaves a session cookie to Fastify', async () => {
    const counted = async () =>
      (await site.app.inject({ method: 'GET', url: '/healthz' })).json<{ requests: { hotPath: number } }>().requests
        .hotPath;
    for (const url of HOT_PATHS) {
      const viaFastify = await site.app.inject({ method: 'GET', url });
      const before = await counted();
      const viaHotPath = await rawGet(`${site.url}${url}`);
      expect(await counted(), url).toBe(before + 1);
      expect(viaHotPath.status).toBe(200);
      expect(viaHotPath.body).toBe(viaFastify.body);
      expect(answerHeaders(viaHotPath.headers)).toEqual(answerHeaders(viaFastify.headers));
    }
    const before = await counted();
    const stale = await rawGet(`${site.url}/api/config`, { cookie: 'blog_session=no-such-session' });
    expect(stale.headers['set-cookie']?.join()).toMatch(/^blog_session=;/);
    expect(await counted()).toBe(before);
  });

  test('the hot path sends a browser a compressed copy made once, the same answer once decoded', async () => {
    const counted = async () =>
      (await site.app.inject({ method: 'GET', url: '/healthz' })).json<{ requests: { hotPath: number } }>().requests
        .hotPath;
    const url = '/api/article/blogHomeGetArticleList/1/8';
    const plain = (await site.app.inject({ method: 'GET', url })).body;
    const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
    ] as const) {
      const before = await counted();
      const first = await rawGet(`${site.url}${url}`, { 'accept-encoding': accept });
      const again = await rawGet(`${site.url}${url}`, { 'accept-encoding': accept });
      expect(await counted(), accept).toBe(before + 2);
      expect(first.headers['content-encoding'], accept).toBe(encoding);
      expect(first.headers.vary).toBe('accept-encoding');
      expect(decode[encoding](first.bytes).toString('utf8')).toBe(plain);
      expect(again.bytes.equals(first.bytes)).toBe(true);
    }
    // Only an encoding the hot path does not make: Fastify answers it.
    const before = await counted();
    const deflated = await rawGet(`${site.url}${url}`, { 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(await counted()).toBe(before);
    // A change drops the answer and its compressed copies: the next copy carries it.
    const post = markdownPost('压缩副本之后导入的文章');
    await siteImporter().importFiles(await findMarkdownFiles([post.dir]));
    const after = await rawGet(`${site.url}${url}`, { 'accept-encoding': 'gzip' });
    const fresh = JSON.parse(zlib.gunzipSync(after.bytes).toString('utf8')) as Listed;
    expect(fresh.result.list.map((article) => article.article_title)).toContain('压缩副本之后导入的文章');
  });
});

describe('counters settle by themselves', () => {
  let data: SharedData;
  let site: TestSite;
  let stopped = false;
  let db: DatabaseHandle;
  let reference: FastifyInstance;

  beforeAll(async () => {
    data = await sharedData('SQLite');
    site = await startSite(data, { counterLagMs: 300 });
    db = data.open();
    reference = await referenceApp(db);
  });

  afterAll(async () => {
    await reference?.close();
    await db?.close();
    if (!stopped) await site?.close();
    await data?.dispose();
  });

  const storedViews = async (id: number) =>
    (await db.db.selectFrom('article').select('views').where('id', '=', id).executeTakeFirstOrThrow()).views;

  it('stores counted views and shows changed counts in the lists without being told', async () => {
    await expectFresh(site, reference);
    const home = JSON.parse((await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/8`)).body) as Listed;
    const first = home.result.list[0]!;
    await write(site, 'GET', `/api/article/getArticleById/${first.id}`);
    await write(site, 'PUT', `/api/article/like/${first.id}`);
    await vi.waitFor(
      async () => {
        expect(await storedViews(first.id)).toBe(first.views + 1);
        await expectFresh(site, reference);
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  it('stores the views still counted when the server stops', async () => {
    const home = JSON.parse((await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/8`)).body) as Listed;
    const { id } = home.result.list[1]!;
    const before = await storedViews(id);
    await write(site, 'GET', `/api/article/getArticleById/${id}`);
    await site.close();
    stopped = true;
    expect(await storedViews(id)).toBe(before + 1);
  });
});
