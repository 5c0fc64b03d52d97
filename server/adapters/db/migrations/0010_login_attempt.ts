import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Login attempts as one counter row per key and window, incremented by an upsert before the password is
 * checked (the failure log it replaces was read before the hash and written after it).
 */
export function loginAttemptMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('login_attempt')
        .addColumn('throttle_key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempt_window_idx').on('login_attempt').column('window_start').execute();
      await db.schema.dropTable('login_failure').execute();
    },
  };
}
