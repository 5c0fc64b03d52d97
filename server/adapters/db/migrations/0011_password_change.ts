import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Whether the account must choose a new password before anything else: set when the password was
 * generated and shown to someone (the administrator's one-time password at first start, `npm run user`),
 * cleared when its owner changes it.
 */
export function passwordChangeMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('user_account')
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
