import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceChanges } from '../../../server/adapters/cache/redisChangeRelay';
import type { DatabaseHandle } from '../../../server/adapters/db/connect';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { findMarkdownFiles, MarkdownImporter } from '../../../server/adapters/import/markdownImporter';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import type { ReadTopic } from '../../../server/domain/hotReads';
import { postgresAndRedisUnreachable } from '../support/databases';
import {
  REDIS_URL,
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

const skipReason = await postgresAndRedisUnreachable();
if (skipReason && process.env.CI) throw new Error(`${skipReason}; CI requires PostgreSQL and Redis`);

/** Redis delivers the change a moment after the write: wait for it, far below the cache's one-minute bound. */
const delivered = { timeout: 10_000, interval: 20 };

describe.skipIf(skipReason !== undefined)('hot reads of two instances sharing PostgreSQL and Redis', () => {
  // Its own schema and its own Redis namespace: parallel runs never see each other.
  const prefix = `test-cache-${crypto.randomBytes(6).toString('hex')}`;
  let data: SharedData;
  const sites: TestSite[] = [];
  let db: DatabaseHandle;
  let reference: FastifyInstance;

  beforeAll(async () => {
    data = await sharedData('PostgreSQL');
    // One after the other: the first seeds the demo content and creates the administrator.
    for (let i = 0; i < 2; i++) sites.push(await startSite(data, { redisUrl: REDIS_URL, cacheRedisPrefix: prefix }));
    db = data.open();
    reference = await referenceApp(db);
  });

  afterAll(async () => {
    await reference?.close();
    await db?.close();
    for (const site of sites) await site.close();
    await data?.dispose();
  });

  /** The writer's own answers are fresh at once; the other instance's as soon as Redis has told it. */
  async function expectBothFresh(writer: TestSite, other: TestSite) {
    await expectFresh(writer, reference);
    await vi.waitFor(() => expectFresh(other, reference), delivered);
  }

  it('each instance answers from memory until a write on the other drops its answer', async () => {
    const [a, b] = sites as [TestSite, TestSite];
    await expectFresh(a, reference);
    await expectFresh(b, reference);
    const before = JSON.parse((await rawGet(`${b.url}/api/config`)).body) as { result: { notice: string } };
    await db.db.updateTable('site_config').set({ notice: '只在数据库里改过的公告' }).where('id', '=', 1).execute();
    expect(JSON.parse((await rawGet(`${b.url}/api/config`)).body).result.notice).toBe(before.result.notice);
    await write(a, 'PUT', '/api/config/addView');
    await vi.waitFor(async () => {
      expect(JSON.parse((await rawGet(`${b.url}/api/config`)).body).result.notice).toBe('只在数据库里改过的公告');
    }, delivered);
    await expectBothFresh(a, b);
  });

  it('a view, a like and a talk on one instance show on the other', async () => {
    const [a, b] = sites as [TestSite, TestSite];
    await expectFresh(a, reference);
    await expectFresh(b, reference);
    const home = JSON.parse((await rawGet(`${b.url}/api/article/blogHomeGetArticleList/1/8`)).body) as {
      result: { list: { id: number }[] };
    };
    const id = home.result.list[0]!.id;

    // Counts settle a moment later (COUNTER_LAG_MS); the test settles them at once.
    await write(a, 'GET', `/api/article/getArticleById/${id}`);
    await a.server.settleCounters();
    await expectBothFresh(a, b);

    await write(b, 'PUT', `/api/article/like/${id}`);
    await b.server.settleCounters();
    await expectBothFresh(b, a);

    await write(
      a,
      'POST',
      '/api/talk/add',
      { content: '另一台实例上也看得到', images: [], pinned: false },
      await adminCookie(a, a.adminPassword),
    );
    await expectBothFresh(a, b);
  });

  it('an import from the command line, announced through Redis, shows on every instance', async () => {
    const [a, b] = sites as [TestSite, TestSite];
    await expectFresh(a, reference);
    await expectFresh(b, reference);
    // What `npm run import` does: write through its own connection, then announce what changed.
    const changed = new Set<ReadTopic>();
    const importer = new MarkdownImporter({
      articles: new KyselyArticleRepository(db.db, db.dialect),
      media: new LocalMediaStore(path.join(data.config.dataDir, 'media')),
      changes: { changed: (topics) => topics.forEach((topic) => changed.add(topic)) },
    });
    const [outcome] = await importer.importFiles(await findMarkdownFiles([markdownPost('命令行导入的新文章').dir]));
    expect(outcome?.status).toBe('created');
    await announceChanges(REDIS_URL, [...changed], prefix);
    await vi.waitFor(async () => {
      await expectFresh(a, reference);
      await expectFresh(b, reference);
    }, delivered);
  });
});
