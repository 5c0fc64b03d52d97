import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type LogEvent, type PostgresPool, type PostgresPoolClient, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailable, dependencyFault } from '../faults';
import { OwnSchemaPostgresDialect } from './ownSchemaIntrospector';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
  /** PostgreSQL's pool, once its first connection was asked for: connections in use, idle, and waiters. */
  poolUsage?(): { inUse: number; idle: number; waiting: number } | undefined;
}

/** Statements kept prepared per SQLite file; the queries of this code base number well under a hundred. */
export const STATEMENT_CACHE_SIZE = 256;

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /**
   * The server's bounds (the command-line tools run without them): a PostgreSQL statement running longer is
   * cancelled, and a statement taking at least `slowQueryMs` is told to `events.slowQuery`.
   */
  limits?: { statementTimeoutMs: number; slowQueryMs: number; events: DatabaseEvents };
}

/** What an operator wants to read in the log about the database. */
export interface DatabaseEvents {
  slowQuery(detail: { query: string; ms: number; failed: boolean; sql: string }): void;
  /** The first failed connection of an outage; requests fail at once until a probe connects again. */
  down(error: unknown): void;
  /** A connection succeeded again after `downForMs`. */
  up(downForMs: number): void;
  /** A connection broke outside a query (a restart, a terminated backend): the pool replaces it. */
  connectionLost(error: Error): void;
}

/** How long a connection attempt to PostgreSQL may take before the request is answered 503. */
export const CONNECT_TIMEOUT_MS = 3_000;

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const limits = options.limits;
  const log = limits && ((event: LogEvent) => {
    if (event.queryDurationMillis < limits.slowQueryMs) return;
    const { sql } = event.query;
    limits.events.slowQuery({ query: queryName(sql), ms: Math.round(event.queryDurationMillis), failed: event.level === 'error', sql: sql.slice(0, 300) });
  });
  if (options.databaseUrl) {
    const connectionString = options.databaseUrl;
    // pg is loaded on the first query, and only by a site that names a PostgreSQL database.
    let created: pg.Pool | undefined;
    const pool = () => postgresPool(connectionString, limits, (made) => (created = made));
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }), ...(log ? { log } : {}) });
    const poolUsage = () =>
      created && { inUse: created.totalCount - created.idleCount, idle: created.idleCount, waiting: created.waitingCount };
    return { db, dialect: 'postgres', close: () => db.destroy(), poolUsage };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = new SQLite(path.join(options.dataDir, 'blog.sqlite'));
  file.pragma('journal_mode = WAL');
  // With WAL, NORMAL syncs at checkpoints rather than at every commit: a like, a comment or a second's views
  // no longer holds the one thread for an fsync (160–220 µs on this machine's disk against 19–21 µs). A crash of
  // the process loses nothing; a power cut may lose the last commits, never the file (docs/operations.md).
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file, STATEMENT_CACHE_SIZE) }),
    ...(log ? { log } : {}),
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** A statement's name in the log: its verb and first table (`select article`), or its first words. */
export function queryName(sql: string): string {
  const named = /\b(?:(update)\s+|(select|insert|delete)\b[\s\S]*?\b(?:from|into)\s+)"?([\w.]+)"?/i.exec(sql);
  if (named) return `${(named[1] ?? named[2])!.toLowerCase()} ${named[3]}`;
  return sql.trim().split(/\s+/).slice(0, 3).join(' ');
}

async function postgresPool(
  connectionString: string,
  limits: DatabaseOptions['limits'],
  created: (pool: pg.Pool) => void,
): Promise<PostgresPool> {
  const { default: pg } = await import('pg');
  // PostgreSQL returns int8 (count(*), sums) as strings by default; our counts fit in a JS number.
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    application_name: 'tingyu-blog',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(limits
      ? {
          statement_timeout: limits.statementTimeoutMs,
          // The client's own bound, for a network that stops answering rather than a slow statement.
          query_timeout: limits.statementTimeoutMs + CONNECT_TIMEOUT_MS,
        }
      : {}),
  });
  const lost = (error: Error) => limits?.events.connectionLost(error);
  // An idle connection that breaks is reported here; unheard, the 'error' event would end the process.
  pool.on('error', lost);
  // A connection that breaks while a request holds it between statements emits on the client itself.
  pool.on('connect', (client) => client.on('error', lost));
  created(pool);
  return limits ? new GuardedPool(pool, limits.events) : pool;
}

/**
 * The pool behind a breaker: once a connection attempt finds the database unreachable, requests fail at
 * once (503) instead of each waiting for its own attempt, while one request at a time probes it; the first
 * probe that connects closes the breaker.
 */
class GuardedPool implements PostgresPool {
  private downSince: number | undefined;
  private lastError: unknown;
  private probing = false;

  constructor(
    private readonly pool: PostgresPool,
    private readonly events: DatabaseEvents,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const probe = this.downSince !== undefined;
    if (probe) {
      if (this.probing) throw new DatabaseUnavailable(this.lastError);
      this.probing = true;
    }
    try {
      const client = await this.pool.connect();
      if (this.downSince !== undefined) {
        this.events.up(performance.now() - this.downSince);
        this.downSince = undefined;
      }
      return client;
    } catch (error) {
      if (dependencyFault(error) === 'unavailable') {
        this.lastError = error;
        if (this.downSince === undefined) {
          this.downSince = performance.now();
          this.events.down(error);
        }
      }
      throw error;
    } finally {
      if (probe) this.probing = false;
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }
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
