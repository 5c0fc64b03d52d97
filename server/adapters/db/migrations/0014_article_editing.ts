import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Writing articles in the console (issue 21). New columns rather than a new `status` value: SQLite cannot
 * change the status CHECK without rebuilding the table. `status` keeps its meaning for every reader
 * (only 'public' is ever shown); the console's own states are read from the new columns:
 * - `version`: 1 for a new article, one more at each save of its text; a save naming an older one is refused;
 * - `publish_at`: a draft with a publish time is 定时发布, published at that time by whichever instance polls first;
 * - `deleted_at`: set in the 回收站; a trashed row's `status` is 'hidden' (so no public read can show it)
 *   and `trashed_status` keeps the status it had, which restoring gives back.
 * Every save keeps a revision of the text in `article_revision` (the last ones per article).
 */
export function articleEditingMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema
        .alterTable('article')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('article').addColumn('publish_at', 'text').execute();
      await db.schema.alterTable('article').addColumn('deleted_at', 'text').execute();
      await db.schema.alterTable('article').addColumn('trashed_status', 'text').execute();
      // The scheduled publisher's poll: the few rows with a publish time, earliest first.
      await db.schema.createIndex('article_schedule').on('article').columns(['publish_at', 'id']).execute();
      await db.schema
        .createTable('article_revision')
        .$call(id)
        .addColumn('article_id', 'integer', (c) => c.notNull().references('article.id').onDelete('cascade'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('article_revision_version')
        .on('article_revision')
        .columns(['article_id', 'version'])
        .unique()
        .execute();
    },
  };
}
