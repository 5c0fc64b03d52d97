import fs from 'node:fs';
import crypto from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../../server/adapters/db/connect';
import { migrateToLatest } from '../../../server/adapters/db/migrations';
import { temporaryFolder } from './siteServer';

export const POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and removes the data (file or schema); later calls do nothing. */
  dispose(): Promise<void>;
}

/** Runs `release` once, however often dispose() is called (an afterEach may meet a database twice). */
function once(release: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= release());
}

export interface Backend {
  name: 'SQLite' | 'PostgreSQL';
  /** Why this backend is skipped on this machine, if it is. */
  skipReason?: string;
  /** A fresh, migrated, empty database. */
  open(): Promise<TestDatabase>;
}

async function postgresReachable(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${POSTGRES_URL} is not reachable (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement as the test server's superuser (creating and dropping the tests' schemas). */
export async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const sqlite: Backend = {
  name: 'SQLite',
  async open() {
    const dataDir = temporaryFolder('blog-db-');
    const handle = openDatabase({ dataDir });
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    return {
      handle,
      dispose: once(async () => {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }),
    };
  },
};

const postgres = (skipReason: string | undefined): Backend => ({
  name: 'PostgreSQL',
  skipReason,
  async open() {
    // A schema of its own per database, so parallel test files never see each other's rows.
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create schema ${schema}`);
    const handle = openDatabase({
      dataDir: '',
      databaseUrl: `${POSTGRES_URL}?options=-c%20search_path%3D${schema}`,
    });
    const dispose = once(async () => {
      await handle.close();
      await adminQuery(`drop schema ${schema} cascade`);
    });
    try {
      await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    } catch (error) {
      await dispose();
      throw error;
    }
    return { handle, dispose };
  },
});

/**
 * SQLite always; PostgreSQL when it answers. Without one, CI fails (the suite must cover both)
 * while a developer's machine skips it with the reason.
 */
export async function backends(): Promise<Backend[]> {
  const unreachable = await postgresReachable();
  if (unreachable && process.env.CI) throw new Error(`${unreachable}; CI requires PostgreSQL`);
  if (unreachable) console.warn(`Skipping PostgreSQL repository tests: ${unreachable}`);
  return [sqlite, postgres(unreachable)];
}

/** Why PostgreSQL or Redis cannot be used here (tests of several instances need both), or undefined. */
export async function postgresAndRedisUnreachable(): Promise<string | undefined> {
  const postgres = await postgresReachable();
  if (postgres) return postgres;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${REDIS_URL}: ${(error as Error).message}`;
  } finally {
    redis.disconnect();
  }
}
