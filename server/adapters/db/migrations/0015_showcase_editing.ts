import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * What the console arranges on the showcase pages: a talk can be hidden (kept, out of every public list and
 * address), and albums and the photos of an album have an order the blogger sets by dragging. Rows keep
 * position 0 until they are first arranged; ties fall back to the id, so the order before is kept.
 */
export function showcaseEditingMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema
        .alterTable('talk')
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('album')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('photo')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Photos are read album by album in their order; this index serves that and the album's count.
      await db.schema.dropIndex('photo_by_album').execute();
      await db.schema.createIndex('photo_in_order').on('photo').columns(['album_id', 'position', 'id']).execute();
    },
  };
}
