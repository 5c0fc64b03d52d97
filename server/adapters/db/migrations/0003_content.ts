import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index';

/** Articles and their search index, taxonomy, albums, talks, links, resources, sites and the message board. */
export function contentMigration({ id, dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('category')
        .$call(id)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('tag')
        .$call(id)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The body lives in its own table: lists, title search and sorting never read article bodies.
      await db.schema
        .createTable('article')
        .$call(id)
        .addColumn('source_key', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category_id', 'integer', (c) => c.references('category.id').onDelete('set null'))
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('pin_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('public', 'hidden', 'draft')`))
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reading_duration', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('article_home_order')
        .on('article')
        .columns(['status', 'pinned', 'pin_order', 'created_at'])
        .execute();
      await db.schema.createIndex('article_newest').on('article').columns(['status', 'created_at', 'id']).execute();
      // Covers the title scan of one-character searches and the "most viewed" order.
      await db.schema.createIndex('article_views').on('article').columns(['status', 'views', 'id', 'title']).execute();
      await db.schema.createIndex('article_category').on('article').column('category_id').execute();
      await db.schema
        .createTable('article_body')
        .addColumn('article_id', 'integer', (c) => c.primaryKey().references('article.id').onDelete('cascade'))
        .addColumn('content', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('article_tag')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('article.id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('article_tag_pk', ['article_id', 'tag_id'])
        .execute();
      await db.schema.createIndex('article_tag_by_tag').on('article_tag').columns(['tag_id', 'article_id']).execute();

      // PostgreSQL's search index is the token table of migration 0006.
      if (dialect === 'sqlite') await sqliteSearchIndex(db);

      await db.schema
        .createTable('album')
        .$call(id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('photo')
        .$call(id)
        .addColumn('album_id', 'integer', (c) => c.notNull().references('album.id').onDelete('cascade'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('photo_by_album').on('photo').columns(['album_id', 'id']).execute();
      await db.schema
        .createTable('talk')
        .$call(id)
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('friend_link')
        .$call(id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
        .addColumn('user_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('friend_link_status').on('friend_link').columns(['status', 'id']).execute();
      await db.schema.createIndex('friend_link_url').on('friend_link').column('url').execute();
      await db.schema
        .createTable('resource')
        .$call(id)
        .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('front', 'back')`))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('cover', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('site_entry')
        .$call(id)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('board_message')
        .$call(id)
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('bg_image', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'integer', (c) => c.references('user_account.id').onDelete('set null'))
        .addColumn('nick_name', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('board_message_newest').on('board_message').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('board_message_by_user').on('board_message').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('board_message_like')
        .addColumn('message_id', 'integer', (c) => c.notNull().references('board_message.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user_account.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('board_message_like_pk', ['message_id', 'user_id'])
        .execute();
      // One row per finished seeding: the first instance to insert it seeds, every other one skips.
      await db.schema
        .createTable('seed_marker')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Two contentless FTS5 indexes of the ASCII-folded title and body, written by the repository with each
 * article (see content/searchIndex.ts), cleared here when an article goes. Rowid is the article id.
 */
async function sqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  // Trigrams, case-sensitive over folded text: exactly the search rule for three characters and more.
  await sql`create virtual table article_fts using fts5(
    title, content, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  // Pairs of neighbouring characters as tokens (without positions): one and two characters.
  await sql`create virtual table article_grams using fts5(
    title, content, content = '', contentless_delete = 1, detail = column, tokenize = 'unicode61 remove_diacritics 0'
  )`.execute(db);
  await sql`create trigger article_search_delete after delete on article begin
    delete from article_fts where rowid = old.id;
    delete from article_grams where rowid = old.id;
  end`.execute(db);
}
