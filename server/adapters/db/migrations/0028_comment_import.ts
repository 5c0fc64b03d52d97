import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Comments and guestbook posts brought in from another comment system (issue 49) remember where they came
 * from (`twikoo:<id>`, `disqus:<id>`…): importing the same export again adds nothing. Null for everything
 * written here; both dialects let a unique index hold any number of nulls.
 */
export function commentImportMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('comment').addColumn('import_key', 'text').execute();
      await db.schema.createIndex('comment_import_key').on('comment').column('import_key').unique().execute();
      await db.schema.alterTable('board_message').addColumn('import_key', 'text').execute();
      await db.schema.createIndex('board_message_import_key').on('board_message').column('import_key').unique().execute();
    },
  };
}
