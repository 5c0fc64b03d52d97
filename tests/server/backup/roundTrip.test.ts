import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type BackupManifest } from '../../../server/adapters/backup/backup';
import { restoreBackup } from '../../../server/adapters/backup/restore';
import { BACKUP_TABLES } from '../../../server/adapters/backup/tables';
import { backends } from '../support/databases';
import { temporaryFolder } from '../support/siteServer';
import { allFiles, allRows, emptySite, searchIndexRows, startDemoSite, type Kind, type Site } from './sites';

const postgresSkip = (await backends()).find((backend) => backend.name === 'PostgreSQL')?.skipReason;

const archives = temporaryFolder('blog-archives-');
afterAll(() => fs.rmSync(archives, { recursive: true, force: true }));

/** A demo site of the given kind, backed up while its server runs. */
function backedUpSite(kind: Kind) {
  const state = {} as { site: Site; file: string; manifest: BackupManifest; rows: Record<string, unknown[]> };
  beforeAll(async () => {
    state.site = await emptySite(kind);
    const server = await startDemoSite(state.site);
    const handle = state.site.open();
    try {
      state.file = path.join(archives, `${kind}-${Date.now()}.backup`);
      const started = performance.now();
      state.manifest = await createBackup({
        database: handle,
        dataDir: state.site.dataDir,
        musicDir: state.site.musicDir,
        file: state.file,
        withMusicFiles: true,
      });
      console.info(`backup of the ${kind} demo site: ${(performance.now() - started).toFixed(0)} ms, ${fs.statSync(state.file).size} bytes`);
      await server.close();
      state.rows = await allRows(handle.db);
    } finally {
      await handle.close();
    }
  }, 60_000);
  afterAll(async () => state.site?.dispose());
  return state;
}

/** Same names, and each file's bytes equal (Buffer.equals: a deep toEqual walks megabytes byte by byte). */
function expectSameFiles(actual: Map<string, Buffer>, expected: Map<string, Buffer>) {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [name, bytes] of expected) expect(actual.get(name)?.equals(bytes), name).toBe(true);
}

async function restoreAndCompare(source: ReturnType<typeof backedUpSite>, kind: Kind) {
  const target = await emptySite(kind);
  try {
    const started = performance.now();
    await restoreBackup({ file: source.file, dataDir: target.dataDir, musicDir: target.musicDir, databaseUrl: target.databaseUrl });
    console.info(`restore into ${kind}: ${(performance.now() - started).toFixed(0)} ms`);
    const handle = target.open();
    try {
      const rows = await allRows(handle.db);
      for (const { name } of BACKUP_TABLES) expect(rows[name], name).toEqual(source.rows[name]);
      // The derived search index is rebuilt for every article.
      expect(await searchIndexRows(handle)).toBe(source.rows.article!.length);
      // Ids go on after the restored ones (PostgreSQL sequences were moved past them).
      const added = await handle.db
        .insertInto('category')
        .values({ name: '新分类', created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(added.id).toBeGreaterThan(Math.max(0, ...source.rows.category!.map((row) => (row as { id: number }).id)));
    } finally {
      await handle.close();
    }
    const [mediaBefore, mediaAfter] = await Promise.all([
      allFiles(path.join(source.site.dataDir, 'media')),
      allFiles(path.join(target.dataDir, 'media')),
    ]);
    expect(mediaBefore.size).toBeGreaterThan(0);
    expectSameFiles(mediaAfter, mediaBefore);
    const [musicBefore, musicAfter] = await Promise.all([allFiles(source.site.musicDir), allFiles(target.musicDir)]);
    expect(musicBefore.size).toBeGreaterThan(0);
    expectSameFiles(musicAfter, musicBefore);
  } finally {
    await target.dispose();
  }
}

describe('a backup of an SQLite site', () => {
  const source = backedUpSite('sqlite');

  it('has a manifest with the schema, every table counted and one checksum per entry', () => {
    const { manifest } = source;
    expect(manifest).toMatchObject({ format: 'tingyu-blog-backup', version: 1, database: { dialect: 'sqlite', form: 'sqlite-file' } });
    expect(manifest.migration).toMatch(/^\d{4}_/);
    for (const { name } of BACKUP_TABLES) expect(manifest.tables[name], name).toBe(source.rows[name]!.length);
    expect(manifest.tables.article).toBeGreaterThan(0);
    expect(manifest.tables.music_song).toBeGreaterThan(0);
    expect(manifest.entries.every((entry) => /^[0-9a-f]{64}$/.test(entry.sha256))).toBe(true);
    expect(manifest.music.included).toBe(true);
    expect(manifest.music.files).toBeGreaterThan(0);
  });

  it('comes back into an empty SQLite data folder with every row and every media and music file byte for byte', async () => {
    await restoreAndCompare(source, 'sqlite');
  }, 60_000);

  it.skipIf(postgresSkip)('moves to an empty PostgreSQL database with every row and file', async () => {
    await restoreAndCompare(source, 'postgres');
  }, 60_000);
});

describe.skipIf(postgresSkip)('a backup of a PostgreSQL site', () => {
  const source = backedUpSite('postgres');

  it('is a logical dump of every table with its row count', () => {
    expect(source.manifest.database).toEqual({ dialect: 'postgres', form: 'rows' });
    for (const { name } of BACKUP_TABLES) expect(source.manifest.tables[name], name).toBe(source.rows[name]!.length);
  });

  it('moves back to an empty SQLite data folder with every row and file', async () => {
    await restoreAndCompare(source, 'sqlite');
  }, 60_000);

  it('comes back into an empty PostgreSQL database', async () => {
    await restoreAndCompare(source, 'postgres');
  }, 60_000);
});
