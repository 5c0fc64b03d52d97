import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * The addresses an imported article had on the old blog (issue 49), normalised (no host, decoded, no trailing
 * slash; WordPress's `/?p=ID` kept with its query): an unknown path that is one of them answers 301 to the
 * article, and comment imports find their article by them. An address belongs to one article.
 */
export function oldAddressesMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('article_old_address')
        .addColumn('address', 'text', (c) => c.primaryKey())
        .addColumn('article_id', 'integer', (c) => c.notNull().references('article.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('article_old_address_by_article').on('article_old_address').column('article_id').execute();
    },
  };
}
