import { Readable } from 'node:stream';
import type { ObjectStore } from '../../ports/mediaStore';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { Database } from '../db/schema';
import { openDatabase, type DialectName } from '../db/connect';
import { migrateToLatest } from '../db/migrations';
import { SearchIndex } from '../db/content/searchIndex';
import { ArchiveProblem, readArchive } from './archive';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, SQLITE_ENTRY, latestMigration, listFiles, tableEntry, type BackupManifest } from './backup';
import { BACKUP_TABLES } from './tables';

const text = zhCN.backup;

/** A restore said no before touching anything; the message is for the reader. */
export class RestoreRefused extends Error {}

export type RestoreStage = 'verify' | 'extract' | 'rows';

export interface RestoreProgress {
  stage(stage: RestoreStage, total: number): void;
  advance(done: number): void;
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  musicDir: string;
  /** postgres://… restores into that (empty) database; unset, into `dataDir/blog.sqlite`. */
  databaseUrl?: string | undefined;
  progress?: RestoreProgress | undefined;
  /** With media in a bucket (MEDIA_STORE=s3): media and music go there, which must be empty. */
  bucket?: { media: ObjectStore; music: ObjectStore } | undefined;
}

/** A bucket's prefix restored into must hold nothing yet, as a folder must be empty. */
async function assertEmptyStore(store: ObjectStore, name: string): Promise<void> {
  if ((await store.list('')).length > 0) throw new RestoreRefused(text.folderNotEmpty(name));
}

function refusal(problem: ArchiveProblem): RestoreRefused {
  return new RestoreRefused(problem.kind === 'foreign' ? text.foreign : text.damaged);
}

/** Reads the whole archive once: the magic, every entry's checksum against the manifest. Writes nothing. */
export async function verifyArchive(file: string, progress?: RestoreProgress): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new RestoreRefused(text.archiveMissing(file));
  progress?.stage('verify', fs.statSync(file).size);
  let result: Awaited<ReturnType<typeof readArchive>>;
  try {
    result = await readArchive(file, async () => undefined, (n) => progress?.advance(n));
  } catch (error) {
    if (error instanceof ArchiveProblem) throw refusal(error);
    throw error;
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(result.manifestBytes.toString('utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefused(text.damaged);
  }
  if (manifest?.format !== ARCHIVE_FORMAT) throw new RestoreRefused(text.foreign);
  if (typeof manifest.version !== 'number' || manifest.version > ARCHIVE_VERSION) throw new RestoreRefused(text.newerFormat(Number(manifest.version)));
  const listed = Array.isArray(manifest.entries) ? manifest.entries : [];
  const same =
    listed.length === result.entries.length &&
    listed.every((entry, i) => {
      const seen = result.entries[i]!;
      return entry.name === seen.name && entry.size === seen.size && entry.sha256 === seen.sha256;
    });
  if (!same) throw new RestoreRefused(text.damaged);
  const names = new Set(listed.map((entry) => entry.name));
  const databaseComplete =
    manifest.database?.form === 'sqlite-file' ? names.has(SQLITE_ENTRY) : BACKUP_TABLES.every(({ name }) => names.has(tableEntry(name)));
  if (!databaseComplete || typeof manifest.migration !== 'string') throw new RestoreRefused(text.damaged);
  return manifest;
}

/** The newest migration this program knows, found by migrating a throwaway in-memory database. */
async function codeMigration(): Promise<string> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  try {
    await migrateToLatest(db, 'sqlite');
    return await latestMigration(db);
  } finally {
    await db.destroy();
  }
}

async function assertEmptyFolder(dir: string): Promise<void> {
  if ((await listFiles(dir)).length > 0) throw new RestoreRefused(text.folderNotEmpty(dir));
}

async function assertEmptyDatabase(db: Kysely<Database>): Promise<void> {
  for (const { name } of BACKUP_TABLES) {
    const row = await db.selectFrom(name).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(row.n) > 0) throw new RestoreRefused(text.databaseNotEmpty(name, Number(row.n)));
  }
}

type Row = Record<string, unknown>;
type RowSource = (table: (typeof BACKUP_TABLES)[number]) => AsyncGenerator<Row[]>;

function sqliteRows(file: string): { rows: RowSource; close(): Promise<void> } {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(file, { readonly: true }) }) });
  return {
    async *rows({ name, key }) {
      for (let offset = 0; ; offset += 500) {
        let query = db.selectFrom(name).selectAll();
        for (const column of key) query = query.orderBy(sql.ref(column));
        const rows = (await query.limit(500).offset(offset).execute()) as Row[];
        if (rows.length > 0) yield rows;
        if (rows.length < 500) return;
      }
    },
    close: () => db.destroy(),
  };
}

function jsonlRows(dir: string): RowSource {
  return async function* ({ name }) {
    const lines = readline.createInterface({ input: fs.createReadStream(path.join(dir, `${name}.jsonl`)), crlfDelay: Infinity });
    let batch: Row[] = [];
    for await (const line of lines) {
      if (line === '') continue;
      batch.push(JSON.parse(line) as Row);
      if (batch.length === 500) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  };
}

/**
 * Inserts every table's rows with their ids, parents first, in one transaction; rebuilds the search index
 * and, on PostgreSQL, moves each id sequence past the largest id.
 */
export async function insertRows(
  db: Kysely<Database>,
  dialect: DialectName,
  rows: RowSource,
  total: number,
  progress?: RestoreProgress,
): Promise<void> {
  progress?.stage('rows', total);
  let done = 0;
  await db.transaction().execute(async (trx) => {
    for (const table of BACKUP_TABLES) {
      for await (const batch of rows(table)) {
        // A few columns per row: 50 rows stay far below both databases' bound on parameters.
        for (let i = 0; i < batch.length; i += 50) {
          await trx
            .insertInto(table.name)
            .values(batch.slice(i, i + 50) as never)
            .execute();
        }
        done += batch.length;
        progress?.advance(done);
      }
    }
    const index = new SearchIndex(dialect);
    for (let after = 0; ; ) {
      const articles = await trx
        .selectFrom('article as a')
        .innerJoin('article_body as b', 'b.article_id', 'a.id')
        .select(['a.id', 'a.title', 'b.content'])
        .where('a.id', '>', after)
        .orderBy('a.id')
        .limit(200)
        .execute();
      if (articles.length === 0) break;
      for (const article of articles) await index.reindex(trx, article.id, article.title, article.content);
      after = articles[articles.length - 1]!.id;
    }
    if (dialect === 'postgres') {
      for (const { name, key } of BACKUP_TABLES) {
        if (key[0] !== 'id') continue;
        await sql`select setval(s.seq, (select coalesce(max(id), 0) + 1 from ${sql.table(name)}), false)
          from (select pg_get_serial_sequence(${name}, 'id') as seq) s where s.seq is not null`.execute(trx);
      }
    }
  });
}

async function writeEntry(chunks: AsyncGenerator<Buffer>, target: string): Promise<void> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.restoring.tmp`;
  const handle = await fsp.open(temporary, 'w');
  try {
    for await (const chunk of chunks) await handle.write(chunk);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(temporary, target);
}

/**
 * Restores an archive into an empty data folder, or an empty database, of either kind. The archive is
 * verified in full first; any refusal comes before the first write. A failure midway removes what this
 * restore wrote (the database rows are one transaction).
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const manifest = await verifyArchive(options.file, options.progress);
  const current = await codeMigration();
  if (manifest.migration > current) throw new RestoreRefused(text.newerSchema(manifest.migration));
  const target: DialectName = options.databaseUrl ? 'postgres' : 'sqlite';
  const copiesFile = target === 'sqlite' && manifest.database.form === 'sqlite-file';
  // Rows go through the current schema: only a file copy (migrated after) may be older than the program.
  if (!copiesFile && manifest.migration !== current) throw new RestoreRefused(text.schemaMismatch(manifest.migration, current));

  const databaseFile = path.join(options.dataDir, 'blog.sqlite');
  const mediaDir = path.join(options.dataDir, 'media');
  if (target === 'sqlite' && fs.existsSync(databaseFile)) throw new RestoreRefused(text.databaseFileExists(databaseFile));
  const { bucket } = options;
  if (bucket) {
    await assertEmptyStore(bucket.media, 'media/');
    if (manifest.music.included) await assertEmptyStore(bucket.music, 'music/');
  } else {
    await assertEmptyFolder(mediaDir);
    if (manifest.music.included) await assertEmptyFolder(options.musicDir);
  }
  // Objects this restore put into the bucket: removed again if it fails.
  const stored: { store: ObjectStore; key: string }[] = [];
  const postgres = options.databaseUrl ? openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl }) : undefined;
  const written: string[] = [];
  const temp = await fsp.mkdtemp(path.join(os.tmpdir(), 'blog-restore-'));
  const restoring = `${databaseFile}.restoring`;
  try {
    if (postgres) {
      await migrateToLatest(postgres.db as Kysely<unknown>, 'postgres');
      await assertEmptyDatabase(postgres.db);
    }

    options.progress?.stage('extract', fs.statSync(options.file).size);
    const { entries } = await readArchive(
      options.file,
      async ({ name, chunks }) => {
        const [top, ...rest] = name.split('/');
        const relative = rest.join('/');
        const store = top === 'media' ? bucket?.media : top === 'music' ? bucket?.music : undefined;
        if (store) {
          stored.push({ store, key: relative });
          await store.put(relative, Readable.from(chunks));
          return;
        }
        const destination =
          top === 'media'
            ? path.join(mediaDir, relative)
            : top === 'music'
              ? path.join(options.musicDir, relative)
              : top === 'database'
                ? path.join(temp, relative)
                : undefined;
        if (!destination) return;
        if (top !== 'database') written.push(destination);
        await writeEntry(chunks, destination);
      },
      (n) => options.progress?.advance(n),
    );
    // The file could have changed since it was verified.
    if (entries.some((entry, i) => entry.sha256 !== manifest.entries[i]?.sha256)) throw new RestoreRefused(text.damaged);

    const total = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    if (copiesFile) {
      await fsp.mkdir(options.dataDir, { recursive: true });
      await fsp.copyFile(path.join(temp, 'blog.sqlite'), restoring);
      written.push(restoring);
      await fsp.rename(restoring, databaseFile);
      written.push(databaseFile);
      // An older snapshot is brought to this program's schema now rather than at the first start.
      const handle = openDatabase({ dataDir: options.dataDir });
      try {
        await migrateToLatest(handle.db as Kysely<unknown>, 'sqlite');
      } finally {
        await handle.close();
      }
      return manifest;
    }

    const source =
      manifest.database.form === 'sqlite-file' ? sqliteRows(path.join(temp, 'blog.sqlite')) : { rows: jsonlRows(temp), close: async () => undefined };
    try {
      if (postgres) {
        await insertRows(postgres.db, 'postgres', source.rows, total, options.progress);
      } else {
        await fsp.mkdir(options.dataDir, { recursive: true });
        written.push(restoring);
        const file = new SQLite(restoring);
        file.pragma('foreign_keys = ON');
        const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
        try {
          await migrateToLatest(db as Kysely<unknown>, 'sqlite');
          await insertRows(db, 'sqlite', source.rows, total, options.progress);
        } finally {
          await db.destroy();
        }
        await fsp.rename(restoring, databaseFile);
        written.push(databaseFile);
      }
    } finally {
      await source.close();
    }
    return manifest;
  } catch (error) {
    for (const file of written) await fsp.rm(file, { force: true });
    for (const { store, key } of stored) await store.delete(key).catch(() => undefined);
    if (error instanceof RestoreRefused) throw error;
    if (error instanceof ArchiveProblem) throw refusal(error);
    throw new Error(text.rolledBack, { cause: error });
  } finally {
    await postgres?.close();
    await fsp.rm(temp, { recursive: true, force: true });
  }
}
