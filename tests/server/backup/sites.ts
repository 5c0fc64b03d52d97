import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { loadConfig, type AppConfig } from '../../../server/config';
import { createServer } from '../../../server/main';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { listFiles } from '../../../server/adapters/backup/backup';
import { BACKUP_TABLES } from '../../../server/adapters/backup/tables';
import type { Database } from '../../../server/adapters/db/schema';
import { POSTGRES_URL, adminQuery } from '../support/databases';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';

export type Kind = 'sqlite' | 'postgres';

/** A data folder and, for PostgreSQL, a schema of its own; nothing is created in either yet. */
export async function emptySite(kind: Kind) {
  const root = temporaryFolder('blog-site-');
  const dataDir = path.join(root, 'data');
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  if (kind === 'postgres') {
    schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create schema ${schema}`);
    databaseUrl = `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`;
  }
  return {
    kind,
    dataDir,
    musicDir: path.join(dataDir, 'music'),
    databaseUrl,
    open: (): DatabaseHandle => openDatabase({ dataDir, databaseUrl }),
    async dispose() {
      fs.rmSync(root, { recursive: true, force: true });
      if (schema) await adminQuery(`drop schema ${schema} cascade`);
    },
  };
}

export type Site = Awaited<ReturnType<typeof emptySite>>;

/** The real server with its demo seed (articles, media, music library scanned), still running. */
export async function startDemoSite(site: Site) {
  const clientDir = writeFakeClient();
  const config: AppConfig = {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'true', RATE_LIMIT_PER_MINUTE: '100000' }, site.dataDir),
    dataDir: site.dataDir,
    musicDir: site.musicDir,
    databaseUrl: site.databaseUrl,
    clientDir,
  };
  const server = await createServer(config, { announce: () => undefined });
  // The demo music is copied and scanned in the background: wait until the catalogue is stored.
  await server.music?.ready();
  return {
    app: server.app,
    async close() {
      await server.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

/** Every backed-up table's rows, in a stable order (text keys sorted the same on both databases). */
export async function allRows(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const { name, key } of BACKUP_TABLES) {
    const rows = (await db.selectFrom(name).selectAll().execute()) as Record<string, unknown>[];
    const keyOf = (row: Record<string, unknown>) => key.map((column) => String(row[column]).padStart(12, '0')).join('\u0000');
    out[name] = rows.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  }
  return out;
}

/** Every file under a folder with its bytes. */
export async function allFiles(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const file of await listFiles(root)) files.set(file, fs.readFileSync(path.join(root, file)));
  return files;
}

export async function searchIndexRows(handle: DatabaseHandle): Promise<number> {
  const table = handle.dialect === 'postgres' ? sql`article_tokens` : sql`article_grams`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${table}`.execute(handle.db);
  return Number(rows[0]!.n);
}
