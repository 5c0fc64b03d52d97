import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * What the console's moderation and user pages need: an account's last sign-in and whether it is disabled
 * (null: enabled; its content stays either way), and message-board posts and replies the blogger hid (kept,
 * out of every public list and address).
 */
export function moderationMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('user_account').addColumn('last_login_at', 'text').execute();
      await db.schema.alterTable('user_account').addColumn('disabled_at', 'text').execute();
      await db.schema.alterTable('board_message').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('message_reply').addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
