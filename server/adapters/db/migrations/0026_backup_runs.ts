import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Scheduled backups (issue 50): one row per scheduled time, claimed by the first instance to insert it, so
 * that with several instances each scheduled backup runs exactly once.
 */
export function backupRunsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('backup_run')
        .addColumn('slot', 'text', (c) => c.primaryKey())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('file', 'text')
        .addColumn('error', 'text')
        .execute();
    },
  };
}
