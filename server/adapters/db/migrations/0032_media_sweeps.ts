import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * The media clean-up's runs (issue 50): one row per scheduled time, claimed by the first instance to insert it,
 * so that with several instances each scheduled sweep runs once; what it deleted, or why it failed.
 */
export function mediaSweepsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('media_sweep_run')
        .addColumn('slot', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .execute();
    },
  };
}
