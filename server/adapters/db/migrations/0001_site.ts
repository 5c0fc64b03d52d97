import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

export function siteMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_config')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('motto', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('typed_mottos', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('filing_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('since', 'text', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('page_header')
        .$call(id)
        .addColumn('route', 'text', (c) => c.notNull().unique())
        .addColumn('image', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
