import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { createBackup } from '../../../server/adapters/backup/backup';
import { RestoreRefused, restoreBackup } from '../../../server/adapters/backup/restore';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { ContentMediaStore } from '../../../server/adapters/media/localMediaStore';
import { S3ObjectStore, s3Client } from '../../../server/adapters/storage/s3ObjectStore';
import type { ObjectStore } from '../../../server/ports/mediaStore';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { temporaryFolder } from '../support/siteServer';
import { emptySite, type Site } from '../backup/sites';

let s3: TestS3;
let source: Site;
const scratch = temporaryFolder('blog-bucket-backup-');
beforeAll(async () => {
  s3 = await startTestS3();
  source = await emptySite('sqlite');
  const handle = source.open();
  await migrateToLatest(handle.db as Kysely<unknown>, 'sqlite');
  await handle.close();
});
afterAll(async () => {
  await s3?.close();
  await source?.dispose();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const bucketAt = (prefix: string) => {
  const root = new S3ObjectStore(s3Client(s3.settings), s3.settings.bucket, prefix);
  return { media: root.under('media/'), music: root.under('music/') };
};

async function contents(store: ObjectStore): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const { key } of await store.list(''))
    found[key] = (await buffer((await store.get(key))!.body)).toString('base64');
  return found;
}

it("backs up the bucket's media and music and restores them into an empty bucket, refusing one that is not", async () => {
  const from = bucketAt('site-a/');
  await new ContentMediaStore(from.media).save(Buffer.from('a picture'), 'png');
  await from.music.put('01 清晨/01 春晓.mp3', Buffer.alloc(300_000, 9));
  await from.music.put('01 清晨/order.txt', Buffer.from('01 春晓.mp3\n'));
  const archive = path.join(scratch, 'site.backup');
  const database = source.open();
  try {
    const manifest = await createBackup({
      database,
      dataDir: source.dataDir,
      musicDir: source.musicDir,
      file: archive,
      withMusicFiles: true,
      bucket: from,
    });
    expect(manifest.media.files).toBe(1);
    expect(manifest.music).toMatchObject({ files: 2, included: true });
  } finally {
    await database.close();
  }

  const to = bucketAt('site-b/');
  const target = temporaryFolder('blog-bucket-restore-');
  await restoreBackup({ file: archive, dataDir: target, musicDir: path.join(target, 'music'), bucket: to });
  expect(await contents(to.media)).toEqual(await contents(from.media));
  expect(await contents(to.music)).toEqual(await contents(from.music));
  // Nothing landed on the instance's disk.
  expect(fs.existsSync(path.join(target, 'media'))).toBe(false);

  const again = temporaryFolder('blog-bucket-restore-');
  const refused = await restoreBackup({
    file: archive,
    dataDir: again,
    musicDir: path.join(again, 'music'),
    bucket: to,
  }).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(RestoreRefused);
  expect((refused as Error).message).toBe(zhCN.backup.folderNotEmpty('media/'));
  fs.rmSync(target, { recursive: true, force: true });
  fs.rmSync(again, { recursive: true, force: true });
});
