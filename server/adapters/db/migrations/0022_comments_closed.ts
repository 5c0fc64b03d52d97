import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/** A per-article "comments closed" setting (issue 49): old posts imported with comments closed keep them closed. */
export function commentsClosedMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('article').addColumn('comments_closed', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
