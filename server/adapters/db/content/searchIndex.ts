import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { characterCount, containsPattern, foldAscii, ftsPhrase, TRIGRAM_MIN_LENGTH } from '../../../domain/content/search';
import type { DialectName } from '../connect';
import type { Database } from '../schema';

/*
 * How article search finds its candidates. The rule (server/domain/content/search.ts): the keyword is a
 * substring of the title or body, ASCII letters folded. Results are ranked by views, newest id first.
 *
 * SQLite keeps two contentless FTS5 indexes of the folded title and body, written by the repository
 * with each article (reindex): `article_fts` (trigram tokens; phrases of three characters and more) and
 * `article_grams` (one token per pair of neighbouring characters; two-character keywords are one token,
 * one-character keywords a prefix). PostgreSQL has pg_trgm GIN indexes on title and body.
 */

export interface SearchRow {
  id: number;
  title: string;
  views: number;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

const GRAM_WIDTH = 4;
/** Pairs the last character with "no character" (36^4 - 1 is above every code point). */
const END = 'z'.repeat(GRAM_WIDTH);
const code = (character: string) => character.codePointAt(0)!.toString(36).padStart(GRAM_WIDTH, '0');

/** The `article_grams` text of a folded text: each character with its successor, as one token. */
export function gramTokens(folded: string): string {
  const codes = Array.from(folded, code);
  return codes.map((c, i) => c + (codes[i + 1] ?? END)).join(' ');
}

/** An FTS5 query for a one- or two-character folded keyword in one column of `article_grams`. */
function gramQuery(column: 'title' | 'content', folded: string): string {
  const [first = '', second] = Array.from(folded);
  return `${column} : ${second === undefined ? `${code(first)}*` : code(first) + code(second)}`;
}

const LIKE_ESCAPE = sql.lit('\\');

/** Most viewed articles whose bodies a search reads directly before asking an index. */
const PROBE_ROWS: Record<DialectName, number> = { sqlite: 200, postgres: 50 };
/** Index answers up to this size are ranked by id; larger ones by walking the views index. */
const CANDIDATE_CAP = 2000;

export class SearchIndex {
  constructor(
    private readonly dialect: DialectName,
    private readonly options: { probeRows?: number; candidateCap?: number } = {},
  ) {}

  /** Writes an article's title and body into the SQLite indexes (PostgreSQL indexes itself). */
  async reindex(db: Kysely<Database>, id: number, title: string, content: string): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    const [foldedTitle, foldedContent] = [foldAscii(title), foldAscii(content)];
    await sql`delete from article_fts where rowid = ${id}`.execute(db);
    await sql`insert into article_fts (rowid, title, content) values (${id}, ${foldedTitle}, ${foldedContent})`.execute(db);
    await sql`delete from article_grams where rowid = ${id}`.execute(db);
    await sql`insert into article_grams (rowid, title, content) values (${id}, ${gramTokens(foldedTitle)}, ${gramTokens(foldedContent)})`.execute(
      db,
    );
  }

  /** Public articles whose title contains the keyword, most viewed first. */
  async titleHits(db: Kysely<Database>, keyword: string, limit: number): Promise<SearchRow[]> {
    const folded = foldAscii(keyword);
    if (this.dialect === 'postgres') return this.postgresRanked(db, this.like('a.title', folded), folded, limit);
    if (characterCount(folded) === 1) {
      // One character: a prefix over every pair would merge many lists; titles are short, read them.
      return this.rankedWhere(db, this.like('a.title', folded), limit);
    }
    return this.rankedFromIndex(db, this.indexQuery('title', folded), limit);
  }

  /**
   * Public articles whose body contains the keyword, most viewed first. The most viewed few hundred
   * are read first: that settles common keywords, for which any index has long lists to merge.
   */
  async bodyHits(db: Kysely<Database>, keyword: string, limit: number): Promise<SearchRow[]> {
    const folded = foldAscii(keyword);
    // A scalar subquery, so PostgreSQL reads only the probed bodies instead of joining them all.
    const probeMatch = sql<SqlBool>`(select ${this.like('b.content', folded)} from article_body b where b.article_id = a.id)`;
    const probed = await db
      .selectFrom(
        db
          .selectFrom('article')
          .select(['id', 'title', 'views'])
          .where('status', '=', 'public')
          .orderBy('views', 'desc')
          .orderBy('id', 'desc')
          .limit(this.options.probeRows ?? PROBE_ROWS[this.dialect])
          .as('a'),
      )
      .select(['a.id', 'a.title', 'a.views'])
      .where(probeMatch)
      .orderBy('a.views', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
    if (probed.length === limit) return probed;
    if (this.dialect === 'postgres') {
      const bodyLike = sql<SqlBool>`a.id in (select b.article_id from article_body b where ${this.like('b.content', folded)})`;
      return this.postgresRanked(db, bodyLike, folded, limit);
    }
    return this.rankedFromIndex(db, this.indexQuery('content', folded), limit);
  }

  private indexQuery(column: 'title' | 'content', folded: string): { table: 'article_fts' | 'article_grams'; match: string } {
    return characterCount(folded) >= TRIGRAM_MIN_LENGTH
      ? { table: 'article_fts', match: `${column} : ${ftsPhrase(folded)}` }
      : { table: 'article_grams', match: gramQuery(column, folded) };
  }

  /** Ranks an index's answer: by id when it is small, else by walking the views index against it. */
  private async rankedFromIndex(db: Kysely<Database>, query: { table: string; match: string }, limit: number): Promise<SearchRow[]> {
    const cap = this.options.candidateCap ?? CANDIDATE_CAP;
    const { rows } = await sql<{ id: number }>`select rowid as id from ${sql.table(query.table)}
      where ${sql.table(query.table)} match ${query.match} limit ${cap + 1}`.execute(db);
    if (rows.length === 0) return [];
    if (rows.length <= cap) {
      return db
        .selectFrom('article as a')
        .select(['a.id', 'a.title', 'a.views'])
        .where('a.status', '=', 'public')
        .where(
          'a.id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('a.views', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
    }
    return this.rankedWhere(
      db,
      sql<SqlBool>`a.id in (select rowid from ${sql.table(query.table)} where ${sql.table(query.table)} match ${query.match})`,
      limit,
    );
  }

  private rankedWhere(db: Kysely<Database>, condition: Expression<SqlBool>, limit: number): Promise<SearchRow[]> {
    return db
      .selectFrom('article as a')
      .select(['a.id', 'a.title', 'a.views'])
      .where('a.status', '=', 'public')
      .where(condition)
      .orderBy('a.views', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * PostgreSQL plans article_body from its main pages and misses that every body lives out of line
   * (TOAST), so it prefers reading them all to the trigram index. With three characters or more the
   * index can answer, and the query is told not to scan.
   */
  private postgresRanked(db: Kysely<Database>, condition: Expression<SqlBool>, folded: string, limit: number): Promise<SearchRow[]> {
    if (characterCount(folded) < TRIGRAM_MIN_LENGTH) return this.rankedWhere(db, condition, limit);
    const run = async (trx: Kysely<Database>) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return this.rankedWhere(trx, condition, limit);
    };
    return db.isTransaction ? run(db) : db.transaction().execute(run);
  }

  /**
   * `column` contains the folded keyword, ASCII case ignored. SQLite's LIKE ignores ASCII case and
   * nothing else: exactly the rule. PostgreSQL: a keyword without ASCII letters is a plain LIKE (folding
   * cannot matter); one with letters narrows with ILIKE (indexed, but it folds every script) and then
   * checks the exact rule on what is left.
   */
  private like(column: string, folded: string): Expression<SqlBool> {
    const pattern = containsPattern(folded);
    if (this.dialect === 'sqlite' || !/[a-z]/.test(folded)) return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape ${LIKE_ESCAPE}`;
    const asciiFolded = sql`translate(${sql.ref(column)}, ${sql.lit(UPPER)}, ${sql.lit(LOWER)})`;
    return sql<SqlBool>`(${sql.ref(column)} ilike ${pattern} escape ${LIKE_ESCAPE} and ${asciiFolded} like ${pattern} escape ${LIKE_ESCAPE})`;
  }
}
