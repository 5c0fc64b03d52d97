import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  test('reading an article counts its view at once in the home pages and the hottest list', async () => {
    await expectFresh(site, reference);
    const hot = JSON.parse((await rawGet(`${site.url}/api/article/getHotArticle`)).body) as {
      result: { id: number; views: number }[];
    };
    const home = JSON.parse((await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/8`)).body) as Listed;
    for (const id of [hot.result[0]!.id, home.result.list[0]!.id]) {
      // The article's own answer is made on every read, with the view it just counted.
      const views = (await write(site, 'GET', `/api/article/getArticleById/${id}`)) as { views: number };
      const again = (await write(site, 'GET', `/api/article/getArticleById/${id}`)) as { views: number };
      expect(again.views).toBe(views.views + 1);
      await expectFresh(site, reference);
    }
    const hotAfter = JSON.parse((await rawGet(`${site.url}/api/article/getHotArticle`)).body) as typeof hot;
    expect(hotAfter.result.find((a) => a.id === hot.result[0]!.id)?.views).toBeGreaterThan(hot.result[0]!.views);
  });

  test('a like shows at once in the home pages', async () => {
    await expectFresh(site, reference);
    const home = JSON.parse((await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/8`)).body) as Listed;
    const first = home.result.list[0]!;
    expect(await write(site, 'PUT', `/api/article/like/${first.id}`)).toEqual({ likes: first.likes + 1 });
    await expectFresh(site, reference);
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
    const importer = new MarkdownImporter({
      articles: new KyselyArticleRepository(db.db, db.dialect),
      media: new LocalMediaStore(path.join(data.config.dataDir, 'media')),
      changes: site.server.changes,
    });
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
    const compressed = await rawGet(`${site.url}/api/article/blogHomeGetArticleList/1/8`, {
      'accept-encoding': 'gzip',
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(await counted()).toBe(before);
  });
});
