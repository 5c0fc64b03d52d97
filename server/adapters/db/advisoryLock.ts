import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from './connect';
import type { Database } from './schema';

/**
 * Runs `work` while holding the PostgreSQL advisory lock `key` on one connection of the pool, and answers
 * `undefined` without running it when another instance holds the lock. On SQLite (one instance over its file)
 * `work` simply runs. For the once-per-site jobs of several instances (scheduled backups, the media clean-up).
 */
export async function whileLocked<T>(database: DatabaseHandle, key: number, work: (db: Kysely<Database>) => Promise<T>): Promise<T | undefined> {
  if (database.dialect !== 'postgres') return work(database.db);
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
    if (!rows[0]?.locked) return undefined;
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/** A scheduled time as every instance computes it from the same expression: whole seconds, ISO. */
export function slotOf(at: Date): string {
  return new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString();
}
