import type { Kysely } from 'kysely';
import type { MigrationContext } from './index';

/**
 * Comments on articles and talks (issue 22), their likes and talk likes, the moderation settings, and what
 * the rest of the site shows of them: a comment count on articles and talks, the comment a notification is
 * about, and a user's email with the 邮件提醒 switch.
 *
 * A comment belongs to exactly one of `article_id` / `talk_id` (each a foreign key, so a target deleted for
 * good takes its comments with it). `parent_id` is null for a top-level comment, else the top-level comment
 * of its thread (one level of replies). `listed` says whether public lists show the row; it and the counts
 * (`reply_count`, the targets' `comment_count`) are kept by the repository on every change, so a page is a
 * range of one index however many comments the target has.
 */
export function commentsMigration({ id }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('comment')
        .$call(id)
        .addColumn('article_id', 'integer', (c) => c.references('article.id').onDelete('cascade'))
        .addColumn('talk_id', 'integer', (c) => c.references('talk.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer')
        .addColumn('reply_to', 'integer')
        .addColumn('user_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
        .addColumn('nick_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('site', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('listed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('address_hash', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // A page of threads (parent_id null) or of one thread's replies, in id order, shown rows only.
      await db.schema.createIndex('comment_article_page').on('comment').columns(['article_id', 'parent_id', 'listed', 'id']).execute();
      await db.schema.createIndex('comment_talk_page').on('comment').columns(['talk_id', 'parent_id', 'listed', 'id']).execute();
      // The review queue by status, newest first.
      await db.schema.createIndex('comment_queue').on('comment').columns(['status', 'deleted', 'id']).execute();
      // The rate limit (per user and per address, over the last minute) and a commenter's other comments.
      await db.schema.createIndex('comment_by_user').on('comment').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('comment_by_address').on('comment').columns(['address_hash', 'created_at']).execute();

      await db.schema
        .createTable('comment_like')
        .addColumn('comment_id', 'integer', (c) => c.notNull().references('comment.id').onDelete('cascade'))
        // `u:<user id>`, or `v:<keyed hash of day, address and user agent>` for a visitor.
        .addColumn('liker', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('comment_like_pk', ['comment_id', 'liker'])
        .execute();
      await db.schema
        .createTable('talk_like')
        .addColumn('talk_id', 'integer', (c) => c.notNull().references('talk.id').onDelete('cascade'))
        .addColumn('liker', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('talk_like_pk', ['talk_id', 'liker'])
        .execute();

      await db.schema
        .createTable('comment_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('visitors_may_comment', 'integer', (c) => c.notNull().defaultTo(0))
        // JSON array of the administrator's keywords.
        .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
        // Key of the visitor hashes and of the unsubscribe tokens: one for every instance, never sent out.
        // The row is made on first use (a migrated database stays empty, as a restore requires).
        .addColumn('secret', 'text', (c) => c.notNull())
        .execute();

      // One column per statement: SQLite adds a single column per ALTER TABLE.
      await db.schema.alterTable('article').addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('talk').addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('notification').addColumn('comment_id', 'integer').execute();
      await db.schema.alterTable('user_account').addColumn('email', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('user_account').addColumn('email_notify', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  };
}
