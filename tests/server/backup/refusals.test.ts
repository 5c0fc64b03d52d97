import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { MAGIC } from '../../../server/adapters/backup/archive';
import { createBackup } from '../../../server/adapters/backup/backup';
import { RestoreRefused, restoreBackup, verifyArchive } from '../../../server/adapters/backup/restore';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { emptySite, type Site } from './sites';

const text = zhCN.backup;
const postgresSkip = (await backends()).find((backend) => backend.name === 'PostgreSQL')?.skipReason;
const run = promisify(execFile);

let source: Site;
let archive: string;
const scratch = temporaryFolder('blog-refusals-');

/** A small SQLite site: one category, one media file, one music file. */
beforeAll(async () => {
  source = await emptySite('sqlite');
  const handle = source.open();
  await migrateToLatest(handle.db as Kysely<unknown>, 'sqlite');
  await handle.db.insertInto('category').values({ name: '随笔', created_at: '2026-01-01T00:00:00.000Z' }).execute();
  await handle.close();
  await new LocalMediaStore(path.join(source.dataDir, 'media')).save(Buffer.from('a picture'), 'png');
  fs.mkdirSync(path.join(source.musicDir, '歌单'), { recursive: true });
  fs.writeFileSync(path.join(source.musicDir, '歌单', 'song.mp3'), Buffer.alloc(4096, 7));
  archive = path.join(scratch, 'site.backup');
  const database = source.open();
  try {
    await createBackup({
      database,
      dataDir: source.dataDir,
      musicDir: source.musicDir,
      file: archive,
      withMusicFiles: true,
    });
  } finally {
    await database.close();
  }
});
afterAll(async () => {
  await source?.dispose();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Restores `file` into a fresh SQLite folder and returns the refusal; the folder must stay untouched. */
async function refusalOf(file: string): Promise<string> {
  const target = path.join(scratch, `target-${Math.random().toString(36).slice(2)}`);
  const error = await restoreBackup({ file, dataDir: target, musicDir: path.join(target, 'music') }).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RestoreRefused);
  expect(fs.existsSync(target)).toBe(false);
  return (error as Error).message;
}

function variant(name: string, bytes: Buffer): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('restore refuses before it touches anything', () => {
  it('an archive with one byte flipped in the middle (the gzip stream no longer checks out)', async () => {
    const bytes = fs.readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    expect(await refusalOf(variant('flipped.backup', bytes))).toBe(text.damaged);
  });

  it('an archive cut short', async () => {
    const bytes = fs.readFileSync(archive);
    expect(await refusalOf(variant('short.backup', bytes.subarray(0, bytes.length - 100)))).toBe(text.damaged);
  });

  it('an archive whose content was altered and recompressed: the SHA-256 in the manifest no longer matches', async () => {
    const plain = zlib.gunzipSync(fs.readFileSync(archive));
    const at = plain.indexOf(Buffer.from('a picture'));
    expect(at).toBeGreaterThan(0);
    plain[at] = 'A'.charCodeAt(0);
    expect(await refusalOf(variant('altered.backup', zlib.gzipSync(plain)))).toBe(text.damaged);
  });

  it('a file that is not a backup, gzip or not, and an archive without its manifest', async () => {
    expect(await refusalOf(variant('notes.txt', Buffer.from('hello, not a backup')))).toBe(text.foreign);
    expect(await refusalOf(variant('other.gz', zlib.gzipSync(Buffer.from('some other gzip file'))))).toBe(text.foreign);
    expect(await refusalOf(variant('magic-only.backup', zlib.gzipSync(MAGIC)))).toBe(text.damaged);
  });

  it('a data folder that already has a database or media', async () => {
    const withDatabase = path.join(scratch, 'has-db');
    fs.mkdirSync(withDatabase);
    fs.writeFileSync(path.join(withDatabase, 'blog.sqlite'), 'x');
    await expect(
      restoreBackup({ file: archive, dataDir: withDatabase, musicDir: path.join(withDatabase, 'music') }),
    ).rejects.toThrow(text.databaseFileExists(path.join(withDatabase, 'blog.sqlite')));
    const withMedia = path.join(scratch, 'has-media');
    fs.mkdirSync(path.join(withMedia, 'media'), { recursive: true });
    fs.writeFileSync(path.join(withMedia, 'media', 'old.png'), 'x');
    await expect(
      restoreBackup({ file: archive, dataDir: withMedia, musicDir: path.join(withMedia, 'music') }),
    ).rejects.toThrow(text.folderNotEmpty(path.join(withMedia, 'media')));
    expect(fs.readdirSync(withMedia)).toEqual(['media']);
  });

  it.skipIf(postgresSkip)('a PostgreSQL database that already has rows, which it leaves as they were', async () => {
    const target = await emptySite('postgres');
    try {
      const handle = target.open();
      await migrateToLatest(handle.db as Kysely<unknown>, 'postgres');
      await handle.db.insertInto('tag').values({ name: '旧标签', created_at: '2025-01-01T00:00:00.000Z' }).execute();
      await expect(
        restoreBackup({
          file: archive,
          dataDir: target.dataDir,
          musicDir: target.musicDir,
          databaseUrl: target.databaseUrl,
        }),
      ).rejects.toThrow(text.databaseNotEmpty('tag', 1));
      expect(await handle.db.selectFrom('category').selectAll().execute()).toEqual([]);
      expect(fs.existsSync(path.join(target.dataDir, 'media'))).toBe(false);
      await handle.close();
    } finally {
      await target.dispose();
    }
  });

  it('verifies a sound archive and reports what it holds', async () => {
    const manifest = await verifyArchive(archive);
    expect(manifest.tables.category).toBe(1);
    expect(manifest.media.files).toBe(1);
    expect(manifest.music).toEqual({ files: 1, bytes: 4096, included: true });
  });
});

describe('a backup while the site runs', () => {
  it('leaves out a media file deleted after the listing, and its manifest counts what it holds', async () => {
    const media = new LocalMediaStore(path.join(source.dataDir, 'media'));
    const doomed = await media.save(Buffer.from('deleted while backed up'), 'png');
    const file = path.join(scratch, 'vanishing.backup');
    const database = source.open();
    try {
      const manifest = await createBackup({
        database,
        dataDir: source.dataDir,
        musicDir: source.musicDir,
        file,
        withMusicFiles: true,
        // The media stage begins after the folder was listed and before its files are copied.
        progress: {
          stage: (stage) => {
            if (stage === 'media') fs.rmSync(path.join(source.dataDir, 'media', path.basename(doomed)));
          },
          advance: () => undefined,
        },
      });
      expect(manifest.media.files).toBe(1);
      expect(manifest.entries.filter((entry) => entry.name.startsWith('media/'))).toHaveLength(1);
    } finally {
      await database.close();
    }
    await expect(verifyArchive(file)).resolves.toMatchObject({ media: { files: 1 } });
  });
});

describe('the backup and restore commands', () => {
  it('back up without the music files, restore into a new folder, and refuse a foreign file in Chinese', async () => {
    const env = { ...process.env, DATA_DIR: source.dataDir, DATABASE_URL: '', MUSIC_DIR: source.musicDir };
    const file = path.join(scratch, 'cli.backup');
    const backup = await run('npx', ['tsx', 'server/cli/backup.ts', file, '--without-music-files'], { env });
    expect(backup.stdout).toContain('备份完成');
    expect((await verifyArchive(file)).music.included).toBe(false);

    const target = path.join(scratch, 'cli-target');
    const restore = await run('npx', ['tsx', 'server/cli/restore.ts', file], {
      env: { ...env, DATA_DIR: target, MUSIC_DIR: '' },
    });
    expect(restore.stdout).toContain('还原完成');
    expect(fs.readdirSync(path.join(target, 'media'))).toHaveLength(1);
    expect(fs.existsSync(path.join(target, 'music'))).toBe(false);

    const foreign = await run('npx', ['tsx', 'server/cli/restore.ts', variant('cli-notes.txt', Buffer.from('hello'))], {
      env: { ...env, DATA_DIR: path.join(scratch, 'cli-other'), MUSIC_DIR: '' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(foreign).toMatchObject({ code: 1 });
    expect((foreign as { stderr: string }).stderr).toContain(text.foreign);
  }, 60_000);
});
