import type { ObjectStore } from '../../ports/mediaStore';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { DatabaseHandle, DialectName } from '../db/connect';
import { ArchiveWriter, type EntrySummary } from './archive';
import { BACKUP_TABLES } from './tables';

export const ARCHIVE_FORMAT = 'tingyu-blog-backup';
export const ARCHIVE_VERSION = 1;
export const SQLITE_ENTRY = 'database/blog.sqlite';
export const tableEntry = (table: string) => `database/${table}.jsonl`;

export interface BackupManifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  /** Where the rows came from: an SQLite file snapshot, or a PostgreSQL logical dump (one JSON line per row). */
  database: { dialect: DialectName; form: 'sqlite-file' | 'rows' };
  /** The last migration applied to the source: a restore needs this schema. */
  migration: string;
  tables: Record<string, number>;
  media: { files: number; bytes: number };
  music: { files: number; bytes: number; included: boolean };
  entries: EntrySummary[];
}

export type BackupStage = 'database' | 'media' | 'music';

export interface BackupProgress {
  /** A stage begins with this many units (pages for the SQLite snapshot, rows, or bytes of files). */
  stage(stage: BackupStage, total: number): void;
  advance(done: number): void;
}

export interface BackupOptions {
  database: DatabaseHandle;
  dataDir: string;
  musicDir: string;
  /** Where the archive goes: a file, or a stream (a download from the console), ended when complete. */
  file: string | Writable;
  withMusicFiles: boolean;
  progress?: BackupProgress | undefined;
  now?: () => Date;
  /** With media in a bucket (MEDIA_STORE=s3): its media and music objects, read instead of the folders. */
  bucket?: { media: ObjectStore; music: ObjectStore } | undefined;
}

/** Files under `root` as '/'-separated relative paths, sorted; temporary files of atomic writes are left out. */
export async function listFiles(root: string): Promise<string[]> {
  if (!fs.existsSync(root)) return [];
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp') && !entry.name.endsWith('.partial'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export async function latestMigration(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
    db,
  );
  return rows[0]?.name ?? '';
}

async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { name } of BACKUP_TABLES) {
    const row = await db
      .selectFrom(name)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[name] = Number(row.n);
  }
  return counts;
}

/**
 * SQLite: the online backup API copies the live file into a temporary file, so the snapshot is one
 * consistent state while the site runs. It copies in steps (for the progress bar) but starts over whenever
 * another connection writes between two steps; on a busy site that could go on forever, so after the first
 * restart it copies everything left in one step, one read transaction that in WAL mode blocks no writer.
 */
async function snapshotSqlite(options: BackupOptions, writer: ArchiveWriter, temp: string) {
  const live = new SQLite(path.join(options.dataDir, 'blog.sqlite'), { fileMustExist: true });
  const copy = path.join(temp, 'blog.sqlite');
  try {
    let started = false;
    let lastRemaining = Infinity;
    let allAtOnce = false;
    await live.backup(copy, {
      progress: ({ totalPages, remainingPages }) => {
        if (!started) options.progress?.stage('database', totalPages);
        started = true;
        options.progress?.advance(totalPages - remainingPages);
        if (remainingPages >= lastRemaining) allAtOnce = true;
        lastRemaining = remainingPages;
        return allAtOnce ? 0x7fffffff : 1024;
      },
    });
  } finally {
    live.close();
  }
  const snapshot = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(copy, { readonly: true }) }),
  });
  let tables: Record<string, number>;
  let migration: string;
  try {
    tables = await countRows(snapshot);
    migration = await latestMigration(snapshot as Kysely<unknown>);
  } finally {
    await snapshot.destroy();
  }
  await writer.addFile(SQLITE_ENTRY, copy);
  return { tables, migration, form: 'sqlite-file' as const };
}

/** PostgreSQL: every table read in one REPEATABLE READ transaction, so all of them show the same moment. */
async function dumpPostgres(options: BackupOptions, writer: ArchiveWriter) {
  const { db } = options.database;
  const tables: Record<string, number> = {};
  let migration = '';
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // Read-only: the snapshot is taken at the first query, and nothing here may write.
      await sql`set transaction read only`.execute(trx);
      const counts = await countRows(trx);
      migration = await latestMigration(trx as unknown as Kysely<unknown>);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      options.progress?.stage('database', total);
      let done = 0;
      for (const { name, key } of BACKUP_TABLES) {
        const lines: string[] = [];
        for (let offset = 0; ; offset += 1000) {
          let query = trx.selectFrom(name).selectAll();
          for (const column of key) query = query.orderBy(sql.ref(column));
          const rows = await query.limit(1000).offset(offset).execute();
          for (const row of rows) lines.push(JSON.stringify(row));
          done += rows.length;
          options.progress?.advance(done);
          if (rows.length < 1000) break;
        }
        tables[name] = lines.length;
        await writer.addBuffer(tableEntry(name), Buffer.from(lines.length > 0 ? `${lines.join('\n')}\n` : '', 'utf8'));
      }
    });
  return { tables, migration, form: 'rows' as const };
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/**
 * Adds every file under `root`. A file deleted after the listing (the site runs on) is left out: the
 * archive holds what exists, and the manifest counts what it holds.
 */
async function addFolder(
  writer: ArchiveWriter,
  root: string,
  prefix: string,
  stage: BackupStage,
  progress: BackupProgress | undefined,
): Promise<{ files: number; bytes: number }> {
  const listed = await listFiles(root);
  const sizes = await Promise.all(
    listed.map((file) =>
      fsp.stat(path.join(root, file)).then(
        (stat) => stat.size,
        (error: unknown) => (isMissing(error) ? 0 : Promise.reject(error)),
      ),
    ),
  );
  progress?.stage(
    stage,
    sizes.reduce((a, b) => a + b, 0),
  );
  let done = 0;
  let files = 0;
  let bytes = 0;
  for (const file of listed) {
    const entry = await writer
      .addFile(`${prefix}/${file}`, path.join(root, file), (n) => {
        done += n;
        progress?.advance(done);
      })
      .catch((error: unknown) => (isMissing(error) ? undefined : Promise.reject(error)));
    if (!entry) continue;
    files += 1;
    bytes += entry.size;
  }
  return { files, bytes };
}

/** Adds every object of `store`, as addFolder adds files: one deleted after the listing is left out. */
async function addObjects(
  writer: ArchiveWriter,
  store: ObjectStore,
  prefix: string,
  stage: BackupStage,
  progress: BackupProgress | undefined,
): Promise<{ files: number; bytes: number }> {
  const listed = await store.list('');
  progress?.stage(
    stage,
    listed.reduce((sum, object) => sum + object.size, 0),
  );
  let done = 0;
  let files = 0;
  let bytes = 0;
  for (const object of listed) {
    const found = await store.get(object.key);
    if (!found) continue;
    const entry = await writer.addStream(`${prefix}/${object.key}`, found.info.size, found.body, (n) => {
      done += n;
      progress?.advance(done);
    });
    files += 1;
    bytes += entry.size;
  }
  return { files, bytes };
}

/**
 * Writes one archive of the whole site: database snapshot, media, music library (files optional), manifest. The
 * archive is the same whether the files were in folders or in a bucket, so either restores into either.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const writer = new ArchiveWriter(options.file);
  const temp = await fsp.mkdtemp(path.join(os.tmpdir(), 'blog-backup-'));
  try {
    await writer.start();
    const database =
      options.database.dialect === 'sqlite'
        ? await snapshotSqlite(options, writer, temp)
        : await dumpPostgres(options, writer);
    const { bucket } = options;
    const media = bucket
      ? await addObjects(writer, bucket.media, 'media', 'media', options.progress)
      : await addFolder(writer, path.join(options.dataDir, 'media'), 'media', 'media', options.progress);
    const musicFiles = () =>
      bucket ? addObjects(writer, bucket.music, 'music', 'music', options.progress) : addFolder(writer, options.musicDir, 'music', 'music', options.progress);
    const music = options.withMusicFiles ? { ...(await musicFiles()), included: true } : { files: 0, bytes: 0, included: false };
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: (options.now?.() ?? new Date()).toISOString(),
      database: { dialect: options.database.dialect, form: database.form },
      migration: database.migration,
      tables: database.tables,
      media,
      music,
      entries: writer.entries,
    };
    await writer.finish(manifest);
    return manifest;
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    await fsp.rm(temp, { recursive: true, force: true });
  }
}
