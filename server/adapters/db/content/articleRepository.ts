import type { Kysely } from 'kysely';
import type {
  ArticleCounters,
  ArticleDetail,
  ArticleDraft,
  ArticleLink,
  ArticleRecord,
  ArticleStatus,
  ArticleSummary,
  CountedName,
  NamedRef,
  SearchCandidate,
} from '../../../domain/content/article';
import { countWords } from '../../../domain/content/markdownText';
import type { ArticleListQuery, ArticleRepository, UpsertResult } from '../../../ports/articleRepository';
import type { DialectName } from '../connect';
import type { Database } from '../schema';
import { SearchIndex } from './searchIndex';

const SUMMARY_COLUMNS = [
  'a.id',
  'a.title',
  'a.summary',
  'a.cover',
  'a.category_id',
  'c.name as category_name',
  'a.pinned',
  'a.views',
  'a.likes',
  'a.comment_count',
  'a.word_count',
  'a.created_at',
  'a.updated_at',
] as const;

interface SummaryRow {
  id: number;
  title: string;
  summary: string;
  cover: string;
  category_id: number | null;
  category_name: string | null;
  pinned: number;
  views: number;
  likes: number;
  comment_count: number;
  word_count: number;
  created_at: string;
  updated_at: string;
}

export class KyselyArticleRepository implements ArticleRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    /** Search tuning, for tests that must reach every path on small data. */
    private readonly options: { probeRows?: number; candidateCap?: number } = {},
  ) {
    this.index = new SearchIndex(dialect, options);
  }

  private readonly index: SearchIndex;

  async listPublic(query: ArticleListQuery): Promise<{ items: ArticleSummary[]; total: number }> {
    let base = this.db
      .selectFrom('article as a')
      .leftJoin('category as c', 'c.id', 'a.category_id')
      .where('a.status', '=', 'public');
    if (query.categoryId !== undefined) base = base.where('a.category_id', '=', query.categoryId);
    if (query.tagId !== undefined) {
      const tagId = query.tagId;
      base = base.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('article_tag as at').select('at.article_id').whereRef('at.article_id', '=', 'a.id').where('at.tag_id', '=', tagId),
        ),
      );
    }
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
    let ordered = base.select(SUMMARY_COLUMNS);
    if (query.order === 'home') ordered = ordered.orderBy('a.pinned', 'desc').orderBy('a.pin_order', 'desc');
    const rows = await ordered
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { items: await this.withTags(rows), total: Number(counted?.total ?? 0) };
  }

  async findPublic(id: number): Promise<ArticleDetail | undefined> {
    const row = await this.db
      .selectFrom('article as a')
      .leftJoin('category as c', 'c.id', 'a.category_id')
      .innerJoin('article_body as b', 'b.article_id', 'a.id')
      .select([...SUMMARY_COLUMNS, 'b.content', 'a.reading_duration'])
      .where('a.id', '=', id)
      .where('a.status', '=', 'public')
      .executeTakeFirst();
    if (!row) return undefined;
    const [summary] = await this.withTags([row]);
    return { ...summary!, content: row.content, readingDuration: Number(row.reading_duration) };
  }

  async countersOf(id: number): Promise<ArticleCounters | undefined> {
    const row = await this.db
      .selectFrom('article')
      .select(['views', 'likes', 'reading_duration', 'comment_count'])
      .where('id', '=', id)
      .where('status', '=', 'public')
      .executeTakeFirst();
    return (
      row && {
        views: Number(row.views),
        likes: Number(row.likes),
        readingDuration: Number(row.reading_duration),
        commentCount: Number(row.comment_count),
      }
    );
  }

  async addViews(views: ReadonlyMap<number, number>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [id, count] of views) {
        await trx
          .updateTable('article')
          .set((eb) => ({ views: eb(eb.ref('views'), '+', count) }))
          .where('id', '=', id)
          .execute();
      }
    });
  }

  addReadingDuration(id: number, seconds: number): Promise<number | undefined> {
    return this.increment(id, 'reading_duration', seconds);
  }

  addLike(id: number): Promise<number | undefined> {
    return this.increment(id, 'likes', 1);
  }

  async neighbours(id: number): Promise<{ previous: ArticleLink | null; next: ArticleLink | null }> {
    const self = await this.db.selectFrom('article').select(['created_at']).where('id', '=', id).executeTakeFirst();
    if (!self) return { previous: null, next: null };
    const link = this.db.selectFrom('article').select(['id', 'title', 'cover', 'created_at']).where('status', '=', 'public');
    const previous = await link
      .where((eb) => eb.or([eb('created_at', '<', self.created_at), eb.and([eb('created_at', '=', self.created_at), eb('id', '<', id)])]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const next = await link
      .where((eb) => eb.or([eb('created_at', '>', self.created_at), eb.and([eb('created_at', '=', self.created_at), eb('id', '>', id)])]))
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    return { previous: previous ? toLink(previous) : null, next: next ? toLink(next) : null };
  }

  async related(id: number, limit: number): Promise<ArticleLink[]> {
    const rows = await this.db
      .selectFrom('article_tag as mine')
      .innerJoin('article_tag as other', (join) =>
        join.onRef('other.tag_id', '=', 'mine.tag_id').onRef('other.article_id', '<>', 'mine.article_id'),
      )
      .innerJoin('article as a', 'a.id', 'other.article_id')
      .select(['a.id', 'a.title', 'a.cover', 'a.created_at', (eb) => eb.fn.countAll<number>().as('shared')])
      .where('mine.article_id', '=', id)
      .where('a.status', '=', 'public')
      .groupBy(['a.id', 'a.title', 'a.cover', 'a.created_at'])
      .orderBy('shared', 'desc')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toLink);
  }

  async hottest(limit: number): Promise<{ id: number; title: string; views: number; commentCount: number }[]> {
    const rows = await this.db
      .selectFrom('article')
      .select(['id', 'title', 'views', 'comment_count'])
      .where('status', '=', 'public')
      .orderBy('views', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, title: r.title, views: Number(r.views), commentCount: Number(r.comment_count) }));
  }

  /**
   * Two ranked reads, each stopping at `limit`: title hits by views, then body hits by views. The body
   * hits that are not title hits, in their order, complete the list exactly as one sorted query would.
   */
  async search(keyword: string, limit: number): Promise<SearchCandidate[]> {
    const titleHits = await this.index.titleHits(this.db, keyword, limit);
    const ranked = titleHits.map((hit) => ({ ...hit, titleMatch: true }));
    if (ranked.length < limit) {
      const bodyHits = await this.index.bodyHits(this.db, keyword, limit);
      const seen = new Set(ranked.map((hit) => hit.id));
      for (const hit of bodyHits) {
        if (ranked.length === limit) break;
        if (!seen.has(hit.id)) ranked.push({ ...hit, titleMatch: false });
      }
    }
    if (ranked.length === 0) return [];
    const bodies = await this.db
      .selectFrom('article_body')
      .select(['article_id', 'content'])
      .where(
        'article_id',
        'in',
        ranked.map((hit) => hit.id),
      )
      .execute();
    const contentOf = new Map(bodies.map((b) => [b.article_id, b.content]));
    return ranked.map((hit) => ({ ...hit, views: Number(hit.views), content: contentOf.get(hit.id) ?? '' }));
  }

  async newestPublic(limit: number): Promise<ArticleDetail[]> {
    const rows = await this.db
      .selectFrom('article as a')
      .leftJoin('category as c', 'c.id', 'a.category_id')
      .innerJoin('article_body as b', 'b.article_id', 'a.id')
      .select([...SUMMARY_COLUMNS, 'b.content', 'a.reading_duration'])
      .where('a.status', '=', 'public')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
    const summaries = await this.withTags(rows);
    return summaries.map((summary, index) => ({
      ...summary,
      content: rows[index]!.content,
      readingDuration: Number(rows[index]!.reading_duration),
    }));
  }

  async publicIndex(): Promise<{ id: number; updatedAt: string }[]> {
    const rows = await this.db
      .selectFrom('article')
      .select(['id', 'updated_at'])
      .where('status', '=', 'public')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({ id: r.id, updatedAt: r.updated_at }));
  }

  async categories(): Promise<CountedName[]> {
    const rows = await this.db
      .selectFrom('category as c')
      .innerJoin('article as a', 'a.category_id', 'c.id')
      .select(['c.id', 'c.name', (eb) => eb.fn.countAll<number>().as('articleCount')])
      .where('a.status', '=', 'public')
      .groupBy(['c.id', 'c.name'])
      .orderBy('articleCount', 'desc')
      .orderBy('c.id', 'asc')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, articleCount: Number(r.articleCount) }));
  }

  async tags(): Promise<CountedName[]> {
    const rows = await this.db
      .selectFrom('tag as t')
      .innerJoin('article_tag as at', 'at.tag_id', 't.id')
      .innerJoin('article as a', 'a.id', 'at.article_id')
      .select(['t.id', 't.name', (eb) => eb.fn.countAll<number>().as('articleCount')])
      .where('a.status', '=', 'public')
      .groupBy(['t.id', 't.name'])
      .orderBy('articleCount', 'desc')
      .orderBy('t.id', 'asc')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, articleCount: Number(r.articleCount) }));
  }

  findCategory(id: number): Promise<NamedRef | undefined> {
    return this.db.selectFrom('category').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  findTag(id: number): Promise<NamedRef | undefined> {
    return this.db.selectFrom('tag').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  }

  async facts(): Promise<{ articleCount: number; categoryCount: number; tagCount: number; lastUpdate: string }> {
    const articles = await this.db
      .selectFrom('article')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('updated_at').as('last')])
      .where('status', '=', 'public')
      .executeTakeFirst();
    const categories = await this.db
      .selectFrom('article')
      .select((eb) => eb.fn.count<number>('category_id').distinct().as('count'))
      .where('status', '=', 'public')
      .executeTakeFirst();
    const tags = await this.db
      .selectFrom('article_tag as at')
      .innerJoin('article as a', 'a.id', 'at.article_id')
      .select((eb) => eb.fn.count<number>('at.tag_id').distinct().as('count'))
      .where('a.status', '=', 'public')
      .executeTakeFirst();
    return {
      articleCount: Number(articles?.count ?? 0),
      categoryCount: Number(categories?.count ?? 0),
      tagCount: Number(tags?.count ?? 0),
      lastUpdate: articles?.last ?? '',
    };
  }

  upsert(draft: ArticleDraft): Promise<UpsertResult> {
    return this.inTransaction((trx) => new KyselyArticleRepository(trx, this.dialect, this.options).write(draft));
  }

  async all(): Promise<ArticleRecord[]> {
    const rows = await this.db
      .selectFrom('article as a')
      .leftJoin('category as c', 'c.id', 'a.category_id')
      .innerJoin('article_body as b', 'b.article_id', 'a.id')
      .select([...SUMMARY_COLUMNS, 'a.source_key', 'a.pin_order', 'a.status', 'a.comments_closed', 'b.content'])
      // What is in the console's 回收站 is deleted as far as an export is concerned.
      .where('a.deleted_at', 'is', null)
      .orderBy('a.created_at', 'asc')
      .orderBy('a.id', 'asc')
      .execute();
    const summaries = await this.withTags(rows);
    return rows.map((row, index) => ({
      id: row.id,
      sourceKey: row.source_key,
      title: row.title,
      content: row.content,
      summary: row.summary,
      cover: row.cover,
      category: row.category_name,
      tags: summaries[index]!.tags.map((t) => t.name),
      pinned: row.pinned === 1,
      pinOrder: Number(row.pin_order),
      status: row.status as ArticleStatus,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      commentsClosed: Number(row.comments_closed) === 1,
      views: Number(row.views),
      likes: Number(row.likes),
    }));
  }

  private async write(draft: ArticleDraft): Promise<UpsertResult> {
    const categoryId = draft.category === null ? null : await categoryIdFor(this.db, draft.category, draft.createdAt);
    const values = {
      title: draft.title,
      summary: draft.summary,
      cover: draft.cover,
      category_id: categoryId,
      pinned: draft.pinned ? 1 : 0,
      pin_order: draft.pinned ? draft.pinOrder : 0,
      status: draft.status,
      comments_closed: draft.commentsClosed ? 1 : 0,
      word_count: countWords(draft.content),
      created_at: draft.createdAt,
      updated_at: draft.updatedAt,
      ...(draft.status === 'draft' && draft.publishAt !== undefined ? { publish_at: draft.publishAt } : {}),
    };
    const existing = await this.db
      .selectFrom('article')
      .select(['id', 'status', 'deleted_at'])
      .where('source_key', '=', draft.sourceKey)
      .executeTakeFirst();
    // A re-import of an article in the console's 回收站 leaves it there, with the imported status to restore.
    const trashed = existing !== undefined && existing.deleted_at !== null;
    // An article imported into the 回收站 goes there as the console's delete puts it (status kept to restore).
    const toTrash = draft.trashed === true && !trashed ? { status: 'hidden', trashed_status: draft.status, deleted_at: draft.updatedAt } : {};
    let id: number;
    if (existing) {
      id = existing.id;
      await this.db
        .updateTable('article')
        .set((eb) => ({
          ...values,
          ...(trashed ? { status: 'hidden', trashed_status: draft.status } : {}),
          ...toTrash,
          ...(draft.status === 'draft' ? {} : { publish_at: null }),
          // New text under the console's editor: its next save names an older version and is refused.
          version: eb(eb.ref('version'), '+', 1),
        }))
        .where('id', '=', id)
        .execute();
      await this.db.updateTable('article_body').set({ content: draft.content }).where('article_id', '=', id).execute();
      await this.db.deleteFrom('article_tag').where('article_id', '=', id).execute();
    } else {
      const inserted = await this.db
        .insertInto('article')
        .values({ ...values, ...toTrash, source_key: draft.sourceKey, views: 0, reading_duration: 0, likes: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = inserted.id;
      await this.db.insertInto('article_body').values({ article_id: id, content: draft.content }).execute();
    }
    await this.index.reindex(this.db, id, draft.title, draft.content);
    const tagIds = await tagIdsFor(this.db, draft.tags, draft.createdAt);
    if (tagIds.length > 0) {
      await this.db
        .insertInto('article_tag')
        .values(tagIds.map((tagId, position) => ({ article_id: id, tag_id: tagId, position })))
        .execute();
    }
    return {
      id,
      created: !existing,
      becamePublic: draft.status === 'public' && existing?.status !== 'public' && !trashed && draft.trashed !== true,
    };
  }

  private async increment(id: number, column: 'reading_duration' | 'likes', amount: number): Promise<number | undefined> {
    const row = await this.db
      .updateTable('article')
      .set((eb) => ({ [column]: eb(eb.ref(column), '+', amount) }))
      .where('id', '=', id)
      .where('status', '=', 'public')
      .returning(column)
      .executeTakeFirst();
    return row ? Number((row as Record<string, unknown>)[column]) : undefined;
  }

  private async withTags<T extends SummaryRow>(rows: T[]): Promise<ArticleSummary[]> {
    const tagsOf = new Map<number, NamedRef[]>();
    if (rows.length > 0) {
      const tagRows = await this.db
        .selectFrom('article_tag as at')
        .innerJoin('tag as t', 't.id', 'at.tag_id')
        .select(['at.article_id', 't.id', 't.name'])
        .where(
          'at.article_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('at.article_id')
        .orderBy('at.position')
        .execute();
      for (const tag of tagRows) {
        const list = tagsOf.get(tag.article_id) ?? [];
        list.push({ id: tag.id, name: tag.name });
        tagsOf.set(tag.article_id, list);
      }
    }
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      cover: row.cover,
      category: row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
      tags: tagsOf.get(row.id) ?? [],
      pinned: row.pinned === 1,
      views: Number(row.views),
      likes: Number(row.likes),
      commentCount: Number(row.comment_count),
      wordCount: Number(row.word_count),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  async idBySourceKey(sourceKey: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('article').select('id').where('source_key', '=', sourceKey).executeTakeFirst();
    return row && Number(row.id);
  }

  private inTransaction<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}

function toLink(row: { id: number; title: string; cover: string; created_at: string }): ArticleLink {
  return { id: row.id, title: row.title, cover: row.cover, createdAt: row.created_at };
}

/** The id of the category with this name, made when there is none. */
export async function categoryIdFor(db: Kysely<Database>, name: string, createdAt: string): Promise<number> {
  const existing = await db.selectFrom('category').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  // A concurrent import may create it first; then the insert does nothing and the select finds theirs.
  await db
    .insertInto('category')
    .values({ name, created_at: createdAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('category').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** The ids of the tags with these names in their order, each made when there is none. */
export async function tagIdsFor(db: Kysely<Database>, names: string[], createdAt: string): Promise<number[]> {
  if (names.length === 0) return [];
  const find = () => db.selectFrom('tag').select(['id', 'name']).where('name', 'in', names).execute();
  let rows = await find();
  const missing = names.filter((name) => !rows.some((r) => r.name === name));
  if (missing.length > 0) {
    await db
      .insertInto('tag')
      .values(missing.map((name) => ({ name, created_at: createdAt })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    rows = await find();
  }
  const idOf = new Map(rows.map((r) => [r.name, r.id]));
  return names.map((name) => idOf.get(name)!);
}
