import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../../server/adapters/backup/backup';
import { restoreBackup } from '../../../server/adapters/backup/restore';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import type { Database } from '../../../server/adapters/db/schema';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { emptySite, type Kind, type Site } from './sites';

const postgresSkip = (await backends()).find((backend) => backend.name === 'PostgreSQL')?.skipReason;
const scratch = temporaryFolder('blog-consistency-');
const sites: Site[] = [];
afterAll(async () => {
  for (const site of sites) await site.dispose();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** One album and its one photo per transaction: a consistent snapshot always holds as many of each. */
async function writePair(db: Kysely<Database>, n: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const album = await trx
      .insertInto('album')
      .values({ name: `相册 ${n}`, description: '', cover: '', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('photo').values({ album_id: album.id, url: `/media/${n}.png`, description: '', width: 1, height: 1 }).execute();
  });
}

describe.each([
  { kind: 'sqlite' as Kind, skip: undefined },
  { kind: 'postgres' as Kind, skip: postgresSkip },
])('a $kind backup taken during a stream of writes', ({ kind, skip }) => {
  it.skipIf(skip)('is one consistent moment: every album with its photo, and it restores', async () => {
    const site = await emptySite(kind);
    sites.push(site);
    const setup = site.open();
    await migrateToLatest(setup.db as Kysely<unknown>, kind);
    // About 16 MB: the SQLite copy takes several steps, so writes land between them.
    const filler = '雨'.repeat(3500);
    for (let batch = 0; batch < 30; batch += 1) {
      await setup.db
        .insertInto('talk')
        .values(Array.from({ length: 50 }, () => ({ content: filler, images: '[]', pinned: 0, likes: 0, created_at: '2026-01-01T00:00:00.000Z' })))
        .execute();
    }
    await setup.close();

    const writer = site.open();
    const backupHandle = site.open();
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await writePair(writer.db, written);
        written += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = path.join(scratch, `${kind}.backup`);
    let manifest;
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const before = written;
      manifest = await createBackup({ database: backupHandle, dataDir: site.dataDir, musicDir: site.musicDir, file, withMusicFiles: true });
      writing = false;
      await writes;
      expect(written - before, 'writes landed while the backup ran').toBeGreaterThan(0);
    } finally {
      writing = false;
      await writes.catch(() => undefined);
      await writer.close();
      await backupHandle.close();
    }
    expect(manifest.tables.talk).toBe(1500);
    expect(manifest.tables.photo).toBe(manifest.tables.album);

    const target = await emptySite('sqlite');
    sites.push(target);
    await restoreBackup({ file, dataDir: target.dataDir, musicDir: target.musicDir });
    const restored = target.open();
    try {
      const albums = await restored.db.selectFrom('album').select('id').execute();
      const photos = await restored.db.selectFrom('photo').select('album_id').execute();
      expect(albums.length).toBe(manifest.tables.album);
      expect(photos.map((photo) => photo.album_id).sort((a, b) => a - b)).toEqual(albums.map((album) => album.id).sort((a, b) => a - b));
    } finally {
      await restored.close();
    }
  }, 60_000);
});
