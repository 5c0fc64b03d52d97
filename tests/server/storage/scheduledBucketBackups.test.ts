import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../../server/adapters/backup/restore';
import { downloadNewestScheduledBackup, ScheduledBackups, storeShelf } from '../../../server/adapters/backup/scheduledBackups';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { ContentMediaStore } from '../../../server/adapters/media/localMediaStore';
import { S3ObjectStore, s3Client } from '../../../server/adapters/storage/s3ObjectStore';
import { ConfigError, loadConfig } from '../../../server/config';
import type { ObjectStore } from '../../../server/ports/mediaStore';
import { allRows, emptySite, type Kind, type Site } from '../backup/sites';
import { postgresAndRedisUnreachable } from '../support/databases';
import { startTestS3, type TestS3 } from '../support/s3Server';

/*
 * BACKUP_TARGET=bucket: scheduled archives are streamed into the bucket's `backups/` prefix, BACKUP_KEEP applies
 * there, a failed run leaves no archive, and the newest one restores (what `npm run restore -- --from-bucket`
 * does) into an empty bucket and database.
 */

const postgresSkip = await postgresAndRedisUnreachable();
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});

const bucketAt = (prefix: string) => {
  const root = new S3ObjectStore(s3Client(s3.settings), s3.settings.bucket, prefix);
  return { media: root.under('media/'), music: root.under('music/'), backups: root.under('backups/') };
};

async function contents(store: ObjectStore): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const { key } of await store.list('')) found[key] = (await buffer((await store.get(key))!.body)).toString('base64');
  return found;
}

it('refuses BACKUP_TARGET=bucket without a bucket, and anything but folder or bucket', () => {
  expect(() => loadConfig({ BACKUP_TARGET: 'bucket' }, '/tmp')).toThrow(ConfigError);
  expect(() => loadConfig({ BACKUP_TARGET: 'disk' }, '/tmp')).toThrow(ConfigError);
  expect(loadConfig({}, '/tmp').backupTarget).toBe('folder');
  expect(loadConfig({ ...s3.env, BACKUP_TARGET: 'bucket' }, '/tmp').backupTarget).toBe('bucket');
});

describe.each([
  { kind: 'sqlite' as Kind, skip: undefined },
  { kind: 'postgres' as Kind, skip: postgresSkip },
])('scheduled backups into the bucket on $kind', ({ kind, skip }) => {
  let source: Site | undefined;
  const restored: Site[] = [];
  afterAll(async () => {
    await source?.dispose();
    for (const site of restored) await site.dispose();
  });

  it.skipIf(skip !== undefined)('keeps BACKUP_KEEP archives in the bucket, leaves none for a failed run, and restores the newest', async () => {
    source = await emptySite(kind);
    const handle = source.open();
    const prefix = `${kind}-${Date.now()}/`;
    const from = bucketAt(`${prefix}a/`);
    try {
      await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
      await new ContentMediaStore(from.media).save(Buffer.from('a picture'), 'png');
      await from.music.put('01 清晨/01 春晓.mp3', Buffer.alloc(300_000, 9));
      const failures: unknown[] = [];
      const scheduled = (media: ObjectStore) =>
        new ScheduledBackups({
          database: handle,
          dataDir: source!.dataDir,
          musicDir: source!.musicDir,
          bucket: { media, music: from.music },
          shelf: storeShelf(from.backups, 's3://blog/backups/'),
          keep: 2,
          failed: (error) => void failures.push(error),
        });
      const backups = scheduled(from.media);
      for (const year of [2026, 2027, 2028]) {
        expect(await backups.run(new Date(`${year}-01-01T03:00:00Z`))).toMatchObject({ ran: true, file: `s3://blog/backups/scheduled-${year}-01-01T03-00-00Z.tar` });
      }
      expect((await from.backups.list('')).map((object) => object.key)).toEqual([
        'scheduled-2027-01-01T03-00-00Z.tar',
        'scheduled-2028-01-01T03-00-00Z.tar',
      ]);

      // The media cannot be listed mid-run: the archive is cut, and no half of it is left in the bucket.
      const broken: ObjectStore = {
        put: (key, body, type) => from.media.put(key, body, type),
        get: (key, range) => from.media.get(key, range),
        stat: (key) => from.media.stat(key),
        list: () => Promise.reject(new Error('the bucket went away')),
        delete: (key) => from.media.delete(key),
        ping: () => from.media.ping(),
      };
      const outcome = await scheduled(broken).run(new Date('2029-01-01T03:00:00Z'));
      expect(outcome).toMatchObject({ ran: true, error: expect.any(Error) });
      expect(failures).toHaveLength(1);
      expect((await from.backups.list('')).map((object) => object.key)).not.toContain('scheduled-2029-01-01T03-00-00Z.tar');

      // The drill: the newest archive from the bucket into an empty site over an empty bucket.
      const newest = await downloadNewestScheduledBackup(from.backups);
      expect(path.basename(newest!.file)).toBe('scheduled-2028-01-01T03-00-00Z.tar');
      const target = await emptySite(kind);
      restored.push(target);
      const to = bucketAt(`${prefix}b/`);
      try {
        await restoreBackup({ file: newest!.file, dataDir: target.dataDir, musicDir: target.musicDir, databaseUrl: target.databaseUrl, bucket: to });
      } finally {
        await newest!.dispose();
      }
      expect(fs.existsSync(newest!.file)).toBe(false);
      expect(await contents(to.media)).toEqual(await contents(from.media));
      expect(await contents(to.music)).toEqual(await contents(from.music));
      // Every row as it was (the runs' own claims go on after the archive is made: they are left out).
      const rowsOf = async (db: Parameters<typeof allRows>[0]) => ({ ...(await allRows(db)), backup_run: [] });
      const copy = target.open();
      try {
        expect(await rowsOf(copy.db)).toEqual(await rowsOf(handle.db));
      } finally {
        await copy.close();
      }
    } finally {
      await handle.close();
    }
  }, 120_000);
});

it('finds no archive in a bucket that has none', async () => {
  expect(await downloadNewestScheduledBackup(bucketAt(`empty-${Date.now()}/`).backups)).toBeUndefined();
});
