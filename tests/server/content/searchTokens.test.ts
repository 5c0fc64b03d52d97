import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { KyselyArticleRepository } from '../../../server/adapters/db/content/articleRepository';
import { unitQueryTokens, unitTokens } from '../../../server/adapters/db/content/searchIndex';
import { searchTokensMigration } from '../../../server/adapters/db/migrations/0006_search_tokens';
import { backends, type TestDatabase } from '../support/databases';
import { draft } from './drafts';

// Few characters, so keywords often occur and their pairs often occur apart; an astral one for surrogates.
const characters = fc.array(fc.constantFrom(...'听雨小筑ab\n'.split(''), '😀'), { maxLength: 30 });

describe('article_tokens tokens (the PostgreSQL search index)', () => {
  it('a text containing a keyword has all its tokens; with one or two UTF-16 units, only such a text', () => {
    fc.assert(
      fc.property(characters, fc.nat(), fc.integer({ min: 1, max: 5 }), characters, (text, start, length, other) => {
        // Half the keywords are cut from the text, half come from elsewhere.
        const source = start % 2 === 0 ? text : other;
        const keyword = source
          .slice(start % Math.max(1, source.length), (start % Math.max(1, source.length)) + length)
          .join('');
        if (keyword === '') return;
        const haystack = text.join('');
        const tokens = new Set(unitTokens(haystack));
        const hasAll = unitQueryTokens(keyword).every((token) => tokens.has(token));
        if (haystack.includes(keyword)) expect(hasAll).toBe(true);
        if (keyword.length <= 2) expect(hasAll).toBe(haystack.includes(keyword));
      }),
      { numRuns: 500 },
    );
  });
});

const backendList = await backends();

describe.each(backendList)('search index on $name', (backend) => {
  let database: TestDatabase;
  let articles: KyselyArticleRepository;
  const search = async (keyword: string, options: { probeRows?: number; candidateCap?: number } = {}) => {
    const searcher = new KyselyArticleRepository(database.handle.db, database.handle.dialect, options);
    return (await searcher.search(keyword, 5)).map((hit) => hit.id);
  };

  beforeEach(async (context) => {
    if (backend.skipReason) context.skip(backend.skipReason);
    database = await backend.open();
    articles = new KyselyArticleRepository(database.handle.db, database.handle.dialect);
  });
  afterEach(() => database?.dispose());

  it('does not take the pairs of a keyword found apart for the keyword', async () => {
    // Title and body hold 听雨 and 雨小, never 听雨小.
    await articles.upsert(draft({ title: '雨小，听雨', content: '听雨。雨小。' }));
    const together = await articles.upsert(draft({ title: '别处', content: '住在听雨小筑' }));
    // Without reading the most viewed bodies first; ranking the index's answer by id, then by walking.
    for (const options of [{ probeRows: 0 }, { probeRows: 0, candidateCap: 1 }]) {
      expect(await search('听雨小', options)).toEqual([together.id]);
    }
  });

  it('indexes on PostgreSQL the articles stored before the token table existed, and forgets deleted ones', async (context) => {
    if (database.handle.dialect !== 'postgres') context.skip('PostgreSQL only');
    const db = database.handle.db;
    const older = await articles.upsert(draft({ title: 'Rust 笔记', content: '早已写好的听雨小筑' }));
    const gone = await articles.upsert(draft({ title: '将删除', content: '听雨' }));
    await sql`drop table article_tokens`.execute(db);
    await searchTokensMigration({ dialect: 'postgres' }).up(db as Kysely<unknown>);
    expect(await search('听雨小筑', { probeRows: 0 })).toEqual([older.id]);
    expect(await search('rust', { probeRows: 0 })).toEqual([older.id]);
    await db.deleteFrom('article').where('id', '=', gone.id).execute();
    const { rows } = await sql<{ article_id: number }>`select article_id from article_tokens`.execute(db);
    expect(rows).toEqual([{ article_id: older.id }]);
  });
});
