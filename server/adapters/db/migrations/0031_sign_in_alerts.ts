import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * New sign-ins are told, and what cannot be undone asks for the password again: the browsers (device
 * cookies) each account has signed in from, the 「不是我」 links sent about a new one, and when each
 * session last proved its password.
 */
export function signInAlertsMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_device')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('user_device_once', ['user_id', 'device_hash'])
        .execute();

      await db.schema
        .createTable('sign_in_alert')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        // Not a foreign key: the alert outlives the session it names (ended, expired).
        .addColumn('session_id', 'integer', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('reset_hash', 'text', (c) => c.unique())
        .addColumn('reset_expires_at', 'text')
        .execute();

      // Null on sessions opened before: their sign-in time is their last proof.
      await db.schema.alterTable('user_session').addColumn('proved_at', 'text').execute();
    },
  };
}
