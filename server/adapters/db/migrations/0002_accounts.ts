import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

export function accountsMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_account')
        .$call(id)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('nick_name', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('role', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_session')
        .$call(id)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('persistent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_session_user_idx').on('user_session').column('user_id').execute();
      await db.schema.createIndex('user_session_expiry_idx').on('user_session').column('expires_at').execute();

      await db.schema
        .createTable('notification')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('type', 'integer', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('to_id', 'integer')
        .addColumn('is_view', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_user_idx').on('notification').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('login_failure')
        .$call(id)
        .addColumn('throttle_key', 'text', (c) => c.notNull())
        .addColumn('failed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failure_key_idx')
        .on('login_failure')
        .columns(['throttle_key', 'failed_at'])
        .execute();
    },
  };
}
