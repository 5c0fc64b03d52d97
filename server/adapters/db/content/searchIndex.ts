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
 * one-character keywords a prefix).
 *
 * PostgreSQL keeps `article_tokens` (migration 0006), also written by reindex: per article, the folded
 * title's and body's UTF-16 units, each alone and with its successor, as int4 arrays under GIN indexes.
 * A keyword of one or two units is one token, so the index answer is exact; a longer one needs all its
 * pairs, and the exact rule is checked on those candidates in rank order. Unlike pg_trgm, this does not
 * depend on the database's LC_CTYPE (pg_trgm keeps no Chinese trigrams under the C locale).
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

/**
 * The `article_tokens` tokens of a folded text: every UTF-16 unit alone and with its successor, one int4
 * each (a unit alone is the unit paired with NUL, which PostgreSQL text never holds).
 */
export function unitTokens(folded: string): number[] {
  const tokens = new Set<number>();
  for (let i = 0; i < folded.length; i += 1) {
    const unit = folded.charCodeAt(i) << 16;
    tokens.add(unit);
    if (i + 1 < folded.length) tokens.add(unit | folded.charCodeAt(i + 1));
  }
  return [...tokens];
}

/** Tokens that every text containing the folded keyword has; with one or two units, only those texts. */
export function unitQueryTokens(folded: string): number[] {
  if (folded.length === 1) return [folded.charCodeAt(0) << 16];
  const pairs = new Set<number>();
  for (let i = 0; i + 1 < folded.length; i += 1) pairs.add((folded.charCodeAt(i) << 16) | folded.charCodeAt(i + 1));
  return [...pairs];
}

/** An FTS5 query for a one- or two-character folded keyword in one column of `article_grams`. */
function gramQuery(column: 'title' | 'content', folded: string): string {
  const [first = '', second] = Array.from(folded);
  return `${column} : ${second === undefined ? `${code(first)}*` : code(first) + code(second)}`;
}

const LIKE_ESCAPE = sql.lit('\\');

/** Most viewed articles whose bodies a search reads directly before asking an index. */
const PROBE_ROWS: Record<DialectName, number> = { sqlite: 200, postgres: 50 };
/** Index answers up to this size are ranked by id; larger ones by walking the views index against them. */
const CANDIDATE_CAP: Record<DialectName, number> = { sqlite: 2000, postgres: 500 };

export class SearchIndex {
  constructor(
    private readonly dialect: DialectName,
    private readonly options: { probeRows?: number; candidateCap?: number } = {},
  ) {}

  /** Writes an article's title and body into the search indexes. */
  async reindex(db: Kysely<Database>, id: number, title: string, content: string): Promise<void> {
    const [foldedTitle, foldedContent] = [foldAscii(title), foldAscii(content)];
    if (this.dialect === 'postgres') {
      await sql`insert into article_tokens (article_id, title, content)
        values (${id}, ${unitTokens(foldedTitle)}::int4[], ${unitTokens(foldedContent)}::int4[])
        on conflict (article_id) do update set title = excluded.title, content = excluded.content`.execute(db);
      return;
    }
    await sql`delete from article_fts where rowid = ${id}`.execute(db);
    await sql`insert into article_fts (rowid, title, content) values (${id}, ${foldedTitle}, ${foldedContent})`.execute(db);
    await sql`delete from article_grams where rowid = ${id}`.execute(db);
    await sql`insert into article_grams (rowid, title, content) values (${id}, ${gramTokens(foldedTitle)}, ${gramTokens(foldedContent)})`.execute(
      db,
    );
  }

  /** Takes an article out of the search indexes (before it is deleted for good). */
  async remove(db: Kysely<Database>, id: number): Promise<void> {
    if (this.dialect === 'postgres') {
      await sql`delete from article_tokens where article_id = ${id}`.execute(db);
      return;
    }
    await sql`delete from article_fts where rowid = ${id}`.execute(db);
    await sql`delete from article_grams where rowid = ${id}`.execute(db);
  }

  /** Public articles whose title contains the keyword, most viewed first. */
  async titleHits(db: Kysely<Database>, keyword: string, limit: number): Promise<SearchRow[]> {
    const folded = foldAscii(keyword);
    if (this.dialect === 'postgres') return this.postgresHits(db, 'title', folded, limit);
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
      .where(this.bodyMatch(folded))
      .orderBy('a.views', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
    if (probed.length === limit) return probed;
    if (this.dialect === 'postgres') return this.postgresHits(db, 'content', folded, limit);
    return this.rankedFromIndex(db, this.indexQuery('content', folded), limit);
  }

  /** The body of article `a` contains the folded keyword. */
  private bodyMatch(folded: string): Expression<SqlBool> {
    // A scalar subquery, so PostgreSQL reads only the bodies of the rows it keeps instead of joining them all.
    return sql<SqlBool>`(select ${this.like('b.content', folded)} from article_body b where b.article_id = a.id)`;
  }

  private indexQuery(column: 'title' | 'content', folded: string): { table: 'article_fts' | 'article_grams'; match: string } {
    return characterCount(folded) >= TRIGRAM_MIN_LENGTH
      ? { table: 'article_fts', match: `${column} : ${ftsPhrase(folded)}` }
      : { table: 'article_grams', match: gramQuery(column, folded) };
  }

  /** Ranks an index's answer: by id when it is small, else by walking the views index against it. */
  private async rankedFromIndex(db: Kysely<Database>, query: { table: string; match: string }, limit: number): Promise<SearchRow[]> {
    const cap = this.options.candidateCap ?? CANDIDATE_CAP[this.dialect];
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

  /**
   * Public articles whose title or body (`column`) contains the folded keyword, from `article_tokens`.
   * The index's answer is counted (up to the cap) to choose how to rank it, without fetching it.
   */
  private async postgresHits(db: Kysely<Database>, column: 'title' | 'content', folded: string, limit: number): Promise<SearchRow[]> {
    const among = sql`select article_id from article_tokens where ${sql.ref(column)} @> ${unitQueryTokens(folded)}::int4[]`;
    // Past two UTF-16 units the tokens only narrow the search down.
    const exact = folded.length <= 2 ? undefined : column === 'title' ? this.like('a.title', folded) : this.bodyMatch(folded);
    const cap = this.options.candidateCap ?? CANDIDATE_CAP.postgres;
    const counted = await sql<{ count: number }>`select count(*) as count from (${among} limit ${cap + 1}) c`.execute(db);
    const count = Number(counted.rows[0]?.count ?? 0);
    if (count === 0) return [];
    if (count > cap) {
      // IS TRUE keeps the IN a hashed subplan instead of a join: the answer is read once, then the views
      // index is walked (checking `exact` on the way) until `limit` rows pass.
      const walk = sql<SqlBool>`(a.id in (${among})) is true`;
      return this.rankedWhere(db, exact ? sql<SqlBool>`(${walk} and ${exact})` : walk, limit);
    }
    const ranked = db
      .selectFrom('article as a')
      .select(['a.id', 'a.title', 'a.views'])
      .where('a.status', '=', 'public')
      .where(sql<SqlBool>`a.id in (${among})`)
      .orderBy('a.views', 'desc')
      .orderBy('a.id', 'desc');
    if (!exact) return ranked.limit(limit).execute();
    // Checked in rank order until `limit` rows pass; the inner LIMIT keeps PostgreSQL from pushing the
    // check below the sort, onto every candidate.
    return db
      .selectFrom(ranked.limit(cap).as('a'))
      .select(['a.id', 'a.title', 'a.views'])
      .where(exact)
      .orderBy('a.views', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
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
   * `column` contains the folded keyword, ASCII case ignored. SQLite's LIKE ignores ASCII case and
   * nothing else: exactly the rule. PostgreSQL: a keyword without ASCII letters is a plain LIKE (folding
   * cannot matter); one with letters is matched against the column with its ASCII letters folded (ILIKE
   * would fold every script).
   */
  private like(column: string, folded: string): Expression<SqlBool> {
    const pattern = containsPattern(folded);
    if (this.dialect === 'sqlite' || !/[a-z]/.test(folded)) return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape ${LIKE_ESCAPE}`;
    const asciiFolded = sql`translate(${sql.ref(column)}, ${sql.lit(UPPER)}, ${sql.lit(LOWER)})`;
    return sql<SqlBool>`${asciiFolded} like ${pattern} escape ${LIKE_ESCAPE}`;
  }
}
