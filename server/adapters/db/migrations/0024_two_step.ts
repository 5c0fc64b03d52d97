import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Two-step sign-in and sessions a person can see: an account's authenticator secret (encrypted) and its
 * hashed recovery codes, the password-checked sign-ins waiting for their second step, and where each
 * session was opened and last seen.
 */
export function twoStepMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_two_step')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('user_account.id').onDelete('cascade'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_recovery_code')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_recovery_code_idx').on('user_recovery_code').columns(['user_id', 'code_hash']).execute();

      await db.schema
        .createTable('login_challenge')
        .$call(id)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('persistent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();

      for (const column of ['user_agent', 'address']) {
        await db.schema.alterTable('user_session').addColumn(column, 'text', (c) => c.notNull().defaultTo('')).execute();
      }
      await db.schema.alterTable('user_session').addColumn('last_seen_at', 'text').execute();
    },
  };
}
