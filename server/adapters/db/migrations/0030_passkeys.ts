import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Passkeys (WebAuthn): an account's credentials with their public keys and signature counters, and the
 * challenges handed to browsers, kept here (not in memory) so that any instance can check the answer.
 */
export function passkeysMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_passkey')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('user_passkey_user').on('user_passkey').column('user_id').execute();

      await db.schema
        .createTable('webauthn_challenge')
        .$call(id)
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('binding', 'text', (c) => c.notNull())
        .addColumn('challenge', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('user_account.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('webauthn_challenge_binding', ['purpose', 'binding'])
        .execute();
    },
  };
}
