import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/** Replies under message-board posts; they go with their post and with their author's account. */
export function messageRepliesMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('message_reply')
        .$call(id)
        .addColumn('message_id', 'integer', (c) => c.notNull().references('board_message.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Serves both the oldest-first thread of a post and each post's reply count.
      await db.schema.createIndex('message_reply_thread').on('message_reply').columns(['message_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('message_reply_by_user').on('message_reply').column('user_id').execute();
    },
  };
}
