import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * The chat room: messages (reverted ones stay as blanked tombstones so a reconnecting client learns of the
 * revert), the log of clears, and bans (a kick's ten minutes or an administrator's mute).
 */
export function chatMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_message')
        .$call(id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('reverted_at', 'text')
        .execute();
      // Exactly once: a resent client id (even two racing on two instances) is stored one time.
      await db.schema.createIndex('chat_message_client_id').on('chat_message').columns(['user_id', 'client_id']).unique().execute();
      await db.schema.createIndex('chat_message_reverted').on('chat_message').columns(['reverted_at', 'id']).execute();

      await db.schema
        .createTable('chat_clear')
        .$call(id)
        .addColumn('through_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer')
        .addColumn('cleared_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('chat_ban')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('user_account.id').onDelete('cascade'))
        .addColumn('until', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
