import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * The administrator's log (issue 51): console writes, downloads, imports and security events. `merge_key`
 * joins an editing sitting's autosaves into one entry (`times` counts them); rows are only added, merged and
 * purged by age.
 */
export function auditLogMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .$call(id)
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (c) => c.notNull())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('merge_key', 'text')
        .addColumn('times', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema.createIndex('audit_log_merge').on('audit_log').columns(['merge_key', 'at']).execute();
    },
  };
}
