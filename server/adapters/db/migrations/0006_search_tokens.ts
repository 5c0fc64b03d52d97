import { sql, type Kysely } from 'kysely';
import { SearchIndex } from '../content/searchIndex';
import type { Database } from '../schema';
import type { MigrationContext } from './index';

/**
 * PostgreSQL article search on `article_tokens` (see content/searchIndex.ts) rather than pg_trgm, whose
 * indexes keep no Chinese trigrams under the C locale, cannot answer one or two characters, and took
 * about 300 MB per 10 000 articles and half the write time. SQLite uses FTS5 (migration 0003).
 */
export function searchTokensMigration({ dialect }: Pick<MigrationContext, 'dialect'>) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await db.schema
        .createTable('article_tokens')
        .addColumn('article_id', 'integer', (c) => c.primaryKey().references('article.id').onDelete('cascade'))
        .addColumn('title', sql`integer[]`, (c) => c.notNull())
        .addColumn('content', sql`integer[]`, (c) => c.notNull())
        .execute();
      // Without statistics the planner takes every token for rare and always asks the GIN index, which is
      // right: with them it would test common tokens row by row, reading each out-of-line array (8 kB per
      // body), a cost it does not see. ANALYZE is spared reading them too.
      await sql`alter table article_tokens alter column title set statistics 0, alter column content set statistics 0`.execute(
        db,
      );

      const index = new SearchIndex('postgres');
      for (let after = 0; ;) {
        const { rows } = await sql<{ id: number; title: string; content: string }>`
          select a.id, a.title, b.content from article a join article_body b on b.article_id = a.id
          where a.id > ${after} order by a.id limit 200`.execute(db);
        if (rows.length === 0) break;
        for (const row of rows) await index.reindex(db as Kysely<Database>, row.id, row.title, row.content);
        after = rows[rows.length - 1]!.id;
      }
      // Built after the backfill: one bulk build is much faster than growing the index row by row.
      await sql`create index article_tokens_title on article_tokens using gin (title)`.execute(db);
      await sql`create index article_tokens_content on article_tokens using gin (content)`.execute(db);
    },
  };
}
