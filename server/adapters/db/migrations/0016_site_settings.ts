import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * What the console arranges beyond the first schema: the footer's own copyright line ('' keeps「© 年份
 * 网站名称」), and the order of the resources and of the site list. Rows keep position 0 until they are
 * first arranged; ties fall back to the id, so the order shown before is kept.
 */
export function siteSettingsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('site_config').addColumn('copyright', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('resource').addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('site_entry').addColumn('position', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('resource_in_order').on('resource').columns(['side', 'position', 'id']).execute();
    },
  };
}
