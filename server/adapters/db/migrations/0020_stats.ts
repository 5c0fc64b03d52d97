import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * The site's own statistics (issue 23). `stat_event` holds counted events for two days at most (no address:
 * `visitor` is a hash under the day's salt); `stat_daily` is what stays, one row per day, dimension and item,
 * rewritten whole by each roll-up of its day; `stat_salt` holds today's salt (and yesterday's until the next
 * roll-up), shared by the instances so a visitor is one visitor whichever instance answers.
 */
export function statsMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stat_event')
        .$call(id)
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('landing', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('browser', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('visitor', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stat_event_day').on('stat_event').column('day').execute();
      await db.schema
        .createTable('stat_daily')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('dimension', 'text', (c) => c.notNull())
        .addColumn('item', 'text', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('visitors', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stat_daily_pk', ['dimension', 'day', 'item'])
        .execute();
      await db.schema
        .createTable('stat_salt')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
