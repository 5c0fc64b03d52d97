import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/** Statements kept prepared per SQLite file; the queries of this code base number well under a hundred. */
export const STATEMENT_CACHE_SIZE = 256;

export function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined }): DatabaseHandle {
  if (options.databaseUrl) {
    const connectionString = options.databaseUrl;
    // pg is loaded on the first query, and only by a site that names a PostgreSQL database.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: () => postgresPool(connectionString) }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'blog.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file, STATEMENT_CACHE_SIZE) }),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

async function postgresPool(connectionString: string) {
  const { default: pg } = await import('pg');
  // PostgreSQL returns int8 (count(*), sums) as strings by default; our counts fit in a JS number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  return new pg.Pool({ connectionString, max: 10 });
}

/**
 * The database as Kysely's SQLite driver sees it, with each statement prepared once: Kysely asks for
 * `prepare(sql)` on every query, and better-sqlite3 would compile the SQL again each time. Statements are
 * kept by their SQL text, the least recently used dropped beyond `limit` (SQL built with a varying number
 * of parameters, `in (?, ?, …)`, makes new texts). A prepared statement can be reused safely: the driver
 * runs one query at a time on its single connection, and SQLite prepares a statement again by itself when
 * a migration changes the schema under it.
 */
export function withStatementCache(file: SQLite.Database, limit: number): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = file.prepare(sql);
        if (statements.size >= limit) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      file.close();
    },
  };
}
