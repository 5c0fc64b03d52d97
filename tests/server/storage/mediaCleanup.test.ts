import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { mediaSweepOf, ScheduledMediaSweeps, variantObjects, type MediaSweepOutcome } from '../../../server/adapters/media/mediaCleanup';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { mediaGcDeleted, mediaGcRuns } from '../../../server/adapters/metrics/metrics';
import { bucketOf, openSiteStores, type SiteStores } from '../../../server/adapters/storage/siteStores';
import { createBackup } from '../../../server/adapters/backup/backup';
import { KyselyAuditLogRepository } from '../../../server/adapters/db/auditLogRepository';
import { AuditLog } from '../../../server/domain/audit/auditLog';
import { systemClock } from '../../../server/ports/clock';
import type { ObjectStore } from '../../../server/ports/mediaStore';
import * as zhCN from '../../../src/i18n/zh-CN';
import { adminCookie, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { postgresAndRedisUnreachable } from '../support/databases';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { temporaryFolder } from '../support/siteServer';

/*
 * The media clean-up over a real site: pictures uploaded through the API and used by an article, a talk, a draft
 * and an article in the recycle bin; the talk deleted; the sweep deletes its picture and the picture's variants
 * only. On SQLite with the local folders, and on PostgreSQL with the bucket (s3rver), where two instances
 * asked to sweep at the same scheduled time run it once.
 */

const postgresSkip = await postgresAndRedisUnreachable();
const SAME_SITE = { 'x-requested-with': 'XMLHttpRequest', host: '127.0.0.1', origin: 'http://127.0.0.1' };
const BOUNDARY = '----mediacleanup';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

async function picture(red: number): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 90, b: 160 } } }).png().toBuffer();
}

async function call<T>(site: TestSite, cookie: string, method: string, url: string, payload?: object): Promise<T> {
  const response = await site.app.inject({ method: method as 'GET', url, headers: { ...SAME_SITE, cookie }, ...(payload ? { payload } : {}) });
  expect(response.json(), `${method} ${url}`).toMatchObject({ code: 0 });
  return response.json<{ result: T }>().result;
}

async function upload(site: TestSite, cookie: string, url: string, bytes: Buffer): Promise<string> {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await site.app.inject({
    method: 'POST',
    url,
    headers: { ...SAME_SITE, cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  expect(response.json(), url).toMatchObject({ code: 0 });
  return response.json<{ result: { url: string } }>().result.url;
}

const nameOf = (url: string) => url.slice('/media/'.length);
const keys = async (store: ObjectStore) => (await store.list('')).map((object) => object.key);

const article = (title: string, content: string, cover = '') => ({ title, content, summary: '', cover, category: null, tags: [], pinned: false });

describe.each([
  { name: 'SQLite' as const, bucket: false, skip: undefined },
  { name: 'PostgreSQL' as const, bucket: true, skip: postgresSkip },
])('the media clean-up on $name', ({ name, bucket, skip }) => {
  let data: SharedData;
  let site: TestSite;
  let other: TestSite | undefined;
  let stores: SiteStores;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    if (skip) return;
    data = await sharedData(name, { SEED_DEMO: 'false', ...(bucket ? s3.env : {}) });
    site = await startSite(data);
    stores = await openSiteStores(data.config.dataDir, data.config.storage);
    handle = data.open();
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await site?.close();
    stores?.close();
    await handle?.close();
    await data?.dispose();
  });

  it.skipIf(skip !== undefined)(
    'deletes the deleted talk’s picture and its variants; keeps the article’s, the draft’s and the bin’s, and all young ones by default',
    async () => {
      const admin = await adminCookie(site, site.adminPassword);
      // The first start's own artwork (the banners and the avatar its settings name) is there already.
      const seeded = await keys(stores.media);
      const [inArticle, inTalk, inDraft, inBin, inCover] = await Promise.all([10, 60, 110, 160, 210].map(picture));
      const articleUrl = await upload(site, admin, '/api/upload/img', inArticle!);
      const talkUrl = await upload(site, admin, '/api/admin/talks/images', inTalk!);
      const draftUrl = await upload(site, admin, '/api/upload/img', inDraft!);
      const binUrl = await upload(site, admin, '/api/upload/img', inBin!);
      const coverUrl = await upload(site, admin, '/api/upload/img', inCover!);

      // The article names its picture as a reader's page does (a variant, upper case, a query string).
      const published = await call<{ id: number }>(
        site,
        admin,
        'POST',
        '/api/admin/articles',
        article('有图的文章', `正文\n\n![雨](${articleUrl})\n\n<img srcset="/media/w/640/${nameOf(articleUrl).toUpperCase()}?v=1 640w">`, coverUrl),
      );
      await call(site, admin, 'POST', `/api/admin/articles/${published.id}/publish`, { publishAt: null });
      await call(site, admin, 'POST', '/api/admin/articles', article('草稿', `![](${draftUrl})`));
      const binned = await call<{ id: number }>(site, admin, 'POST', '/api/admin/articles', article('回收站里的文章', `![](${binUrl})`));
      await call(site, admin, 'POST', `/api/admin/articles/${binned.id}/trash`);
      const talk = await call<{ id: number }>(site, admin, 'POST', '/api/admin/talks', { content: '一条有图的说说', images: [talkUrl], pinned: false });

      // Variants of the article's picture and of the talk's, made as readers ask for them.
      for (const url of [articleUrl, talkUrl]) {
        for (const width of [320, 640]) {
          const variant = await site.app.inject({ method: 'GET', url: `/media/w/${width}/${nameOf(url)}` });
          expect(variant.statusCode).toBe(200);
        }
      }
      const variants = variantObjects(stores);
      const variantsOf = async (url: string) => (await keys(variants)).filter((key) => key.startsWith(nameOf(url)));
      expect(await variantsOf(talkUrl)).toHaveLength(2);
      expect(await variantsOf(articleUrl)).toHaveLength(2);

      await call(site, admin, 'DELETE', `/api/admin/talks/${talk.id}`);
      const sweep = mediaSweepOf(handle, stores);

      // The default grace: everything was uploaded a moment ago, nothing goes.
      expect(await sweep.run({ graceHours: 24 })).toMatchObject({ examined: seeded.length + 5, deleted: 0, variantsDeleted: 0 });
      expect(await keys(stores.media)).toHaveLength(seeded.length + 5);

      const deletedBefore = (await mediaGcDeleted.get()).values.find((value) => value.labels.kind === 'original')?.value ?? 0;
      const sweeps = new ScheduledMediaSweeps({
        database: handle,
        sweep,
        graceHours: 0,
        audit: new AuditLog(new KyselyAuditLogRepository(handle.db), systemClock, 365),
        failed: (error) => {
          throw error;
        },
      });
      const outcome = await sweeps.run(new Date('2026-12-07T04:30:00Z'));
      expect(outcome).toMatchObject({ ran: true, report: { examined: seeded.length + 5, deleted: 1, variantsDeleted: 2 } });

      expect((await keys(stores.media)).sort()).toEqual([...seeded, ...[articleUrl, binUrl, coverUrl, draftUrl].map(nameOf)].sort());
      expect(await variantsOf(talkUrl)).toEqual([]);
      expect(await variantsOf(articleUrl)).toHaveLength(2);
      expect((await site.app.inject({ method: 'GET', url: talkUrl })).statusCode).toBe(404);
      expect((await site.app.inject({ method: 'GET', url: articleUrl })).statusCode).toBe(200);

      // A backup made now carries every object something refers to.
      const scratch = temporaryFolder('blog-gc-backup-');
      try {
        const manifest = await createBackup({
          database: handle,
          dataDir: data.config.dataDir,
          musicDir: data.config.musicDir,
          file: path.join(scratch, 'site.backup'),
          withMusicFiles: false,
          bucket: bucketOf(stores),
        });
        const archived = manifest.entries.map((entry) => entry.name);
        for (const url of [articleUrl, binUrl, coverUrl, draftUrl]) expect(archived).toContain(`media/${nameOf(url)}`);
        expect(archived).not.toContain(`media/${nameOf(talkUrl)}`);
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }

      // Counted, recorded in the administrator's log, and the scheduled time claimed once.
      const deletedAfter = (await mediaGcDeleted.get()).values.find((value) => value.labels.kind === 'original')?.value ?? 0;
      expect(deletedAfter - deletedBefore).toBe(1);
      const log = await handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'mediaCleanup').execute();
      expect(log).toHaveLength(1);
      expect(log[0]).toMatchObject({ area: 'other', actor_name: zhCN.consoleAudit.scheduledTask });
      expect(log[0]!.summary).toContain('删除 1 个');
      expect(await sweeps.run(new Date('2026-12-07T04:30:00Z'))).toEqual({ ran: false });
      const runs = await handle.db.selectFrom('media_sweep_run').selectAll().execute();
      expect(runs).toEqual([expect.objectContaining({ slot: '2026-12-07T04:30:00.000Z', deleted: 1, error: null })]);
    },
    120_000,
  );

  it.skipIf(skip !== undefined)('deletes nothing, and counts and records a failure, when the references cannot be read', async () => {
    const failedBefore = (await mediaGcRuns.get()).values.find((value) => value.labels.result === 'failed')?.value ?? 0;
    // The site's data away: a PostgreSQL server that refuses connections, or (the command run without the site's
    // DATABASE_URL) a new database that holds no site and so refers to nothing.
    const awayDir = temporaryFolder('blog-away-');
    const away = bucket
      ? openDatabase({ dataDir: '', databaseUrl: 'postgres://postgres@127.0.0.1:1/test' })
      : openDatabase({ dataDir: awayDir });
    if (!bucket) await migrateToLatest(away.db as Kysely<unknown>, away.dialect);
    const before = await keys(stores.media);
    expect(before.length).toBeGreaterThan(0);
    const failures: unknown[] = [];
    const sweeps = new ScheduledMediaSweeps({
      database: handle,
      sweep: mediaSweepOf(away, stores),
      graceHours: 0,
      audit: new AuditLog(new KyselyAuditLogRepository(handle.db), systemClock, 365),
      failed: (error) => void failures.push(error),
    });
    try {
      // Unreferenced and old enough: only the failed reading keeps it.
      await stores.media.save(await picture(250), 'png');
      const outcome: MediaSweepOutcome = await sweeps.run(new Date('2026-12-08T04:30:00Z'));
      expect(outcome).toMatchObject({ ran: true, error: expect.anything() });
      if (!bucket) expect((outcome as { error: Error }).error.message).toBe(zhCN.backup.gcNoSite);
      expect(failures).toHaveLength(1);
      expect((await keys(stores.media)).length).toBe(before.length + 1);
      const failedAfter = (await mediaGcRuns.get()).values.find((value) => value.labels.result === 'failed')?.value ?? 0;
      expect(failedAfter - failedBefore).toBe(1);
      const [run] = await handle.db.selectFrom('media_sweep_run').selectAll().where('slot', '=', '2026-12-08T04:30:00.000Z').execute();
      expect(run?.error).toBeTruthy();
    } finally {
      await away.close();
      fs.rmSync(awayDir, { recursive: true, force: true });
    }
  }, 60_000);

  it.skipIf(skip !== undefined || !bucket)('two instances asked to sweep at the same scheduled time run it once', async () => {
    other = await startSite(data);
    const at = new Date('2026-12-09T04:30:00Z');
    const outcomes = await Promise.all([site.server.mediaSweeps!.run(at), other.server.mediaSweeps!.run(at)]);
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'error' in outcome)).toEqual([]);
    expect(await handle.db.selectFrom('media_sweep_run').select('slot').where('slot', '=', at.toISOString()).execute()).toHaveLength(1);
  }, 60_000);
});
