import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { CONSOLE_ARTICLE_STATUSES, type ConsoleArticleStatus } from '../../../../src/protocol/console/articles';
import type { ArticleStatus, NamedRef } from '../../../domain/content/article';
import type { EditableArticle, StoredState } from '../../../domain/content/articleEditing';
import { containsPattern, foldAscii } from '../../../domain/content/search';
import type {
  ArticleEditorRepository,
  ArticleRevision,
  ConsoleArticleRow,
  ConsoleListQuery,
  TextWrite,
} from '../../../ports/articleEditorRepository';
import type { DialectName } from '../connect';
import type { Database } from '../schema';
import { categoryIdFor, tagIdsFor } from './articleRepository';
import { SearchIndex } from './searchIndex';

type Scope = ExpressionBuilder<Database & { a: Database['article'] }, 'a'>;

const ROW_COLUMNS = [
  'a.id',
  'a.title',
  'a.category_id',
  'c.name as category_name',
  'a.pinned',
  'a.status',
  'a.publish_at',
  'a.deleted_at',
  'a.trashed_status',
  'a.version',
  'a.views',
  'a.likes',
  'a.comment_count',
  'a.created_at',
  'a.updated_at',
] as const;

interface RowColumns {
  id: number;
  title: string;
  category_id: number | null;
  category_name: string | null;
  pinned: number;
  status: string;
  publish_at: string | null;
  deleted_at: string | null;
  trashed_status: string | null;
  version: number;
  views: number;
  likes: number;
  comment_count: number;
  created_at: string;
  updated_at: string;
}

/** The console's status as SQL, from the columns of migration 0014 (see consoleStatusOf). */
const STATE = sql<ConsoleArticleStatus>`case when a.deleted_at is not null then 'trash'
  when a.status = 'public' then 'published' when a.status = 'hidden' then 'hidden'
  when a.publish_at is not null then 'scheduled' else 'draft' end`;

/** Kysely over the article tables as the console edits them, on SQLite and PostgreSQL. */
export class KyselyArticleEditorRepository implements ArticleEditorRepository {
  private readonly index: SearchIndex;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {
    this.index = new SearchIndex(dialect);
  }

  async list(query: ConsoleListQuery) {
    let filtered = this.db.selectFrom('article as a');
    if (query.keyword !== undefined && query.keyword !== '') {
      filtered = filtered.where(this.titleContains(foldAscii(query.keyword)));
    }
    if (query.categoryId !== undefined) filtered = filtered.where('a.category_id', '=', query.categoryId);
    if (query.tagId !== undefined) {
      const tagId = query.tagId;
      filtered = filtered.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('article_tag as at')
            .select('at.article_id')
            .whereRef('at.article_id', '=', 'a.id')
            .where('at.tag_id', '=', tagId),
        ),
      );
    }
    const grouped = await filtered
      .select([STATE.as('state'), (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy(STATE)
      .execute();
    const counts = Object.fromEntries(CONSOLE_ARTICLE_STATUSES.map((status) => [status, 0])) as Record<
      ConsoleArticleStatus,
      number
    >;
    for (const { state, count } of grouped) counts[state] = Number(count);

    const status = query.status;
    const ofStatus =
      status === undefined
        ? filtered.where('a.deleted_at', 'is', null)
        : filtered.where(sql<SqlBool>`${STATE} = ${status}`);
    const total =
      status === undefined
        ? CONSOLE_ARTICLE_STATUSES.reduce((sum, s) => (s === 'trash' ? sum : sum + counts[s]), 0)
        : counts[status];
    const rows = await ofStatus
      .leftJoin('category as c', 'c.id', 'a.category_id')
      .select(ROW_COLUMNS)
      .orderBy(status === 'trash' ? 'a.deleted_at' : 'a.updated_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    const tagsOf = await tagsIn(
      this.db,
      rows.map((row) => row.id),
    );
    return { rows: rows.map((row) => toRow(row, tagsOf.get(row.id) ?? [])), total, counts };
  }

  async options(): Promise<{ categories: NamedRef[]; tags: NamedRef[] }> {
    const [categories, tags] = await Promise.all([
      this.db.selectFrom('category').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
      this.db.selectFrom('tag').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
    ]);
    return { categories, tags };
  }

  async categoryExists(id: number): Promise<boolean> {
    return (await this.db.selectFrom('category').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  find(id: number): Promise<EditableArticle | undefined> {
    return findIn(this.db, id);
  }

  create(write: TextWrite): Promise<EditableArticle> {
    return this.db.transaction().execute(async (trx) => {
      // The source key is an exported file's name: `console-<id>` once there is an id.
      const inserted = await trx
        .insertInto('article')
        .values({
          source_key: `console-new-${randomUUID()}`,
          ...(await this.columns(trx, write)),
          pin_order: write.input.pinned ? 1 : 0,
          status: 'draft',
          views: 0,
          reading_duration: 0,
          likes: 0,
          created_at: write.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = inserted.id;
      // Unless an imported post already goes by that name.
      const named = `console-${id}`;
      if (!(await trx.selectFrom('article').select('id').where('source_key', '=', named).executeTakeFirst())) {
        await trx.updateTable('article').set({ source_key: named }).where('id', '=', id).execute();
      }
      await trx.insertInto('article_body').values({ article_id: id, content: write.input.content }).execute();
      await this.writeRest(trx, id, 1, write);
      return (await findIn(trx, id))!;
    });
  }

  saveText(id: number, baseVersion: number, write: TextWrite, keep: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await findIn(trx, id);
      if (!before || before.version !== baseVersion || before.deletedAt !== null) return false;
      // The first console save of an imported article keeps the text it had, so it can be restored.
      await this.keepRevision(trx, id, before);
      const updated = await trx
        .updateTable('article')
        .set((eb) => ({
          version: eb(eb.ref('version'), '+', 1),
          pin_order: write.input.pinned ? (before.pinned ? eb.ref('pin_order') : eb.lit(1)) : eb.lit(0),
        }))
        .set(await this.columns(trx, write))
        .where('id', '=', id)
        .where('version', '=', baseVersion)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      // The read above and this update race another writer only on PostgreSQL; the condition settles it.
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('article_body')
        .set({ content: write.input.content })
        .where('article_id', '=', id)
        .execute();
      await trx.deleteFrom('article_tag').where('article_id', '=', id).execute();
      await this.writeRest(trx, id, baseVersion + 1, write);
      await this.prune(trx, id, keep);
      return true;
    });
  }

  async revisions(id: number) {
    const rows = await this.db
      .selectFrom('article_revision')
      .select(['version', 'title', 'size', 'created_at'])
      .where('article_id', '=', id)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((r) => ({
      version: Number(r.version),
      title: r.title,
      size: Number(r.size),
      createdAt: r.created_at,
    }));
  }

  async revision(id: number, version: number): Promise<ArticleRevision | undefined> {
    const row = await this.db
      .selectFrom('article_revision')
      .select(['version', 'title', 'content', 'summary', 'size', 'created_at'])
      .where('article_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return (
      row && {
        version: Number(row.version),
        title: row.title,
        content: row.content,
        summary: row.summary,
        size: Number(row.size),
        createdAt: row.created_at,
      }
    );
  }

  async changeState(id: number, from: StoredState, to: StoredState, now: string): Promise<boolean> {
    const same = (column: 'publish_at' | 'deleted_at' | 'trashed_status', value: string | null) => (eb: Scope) =>
      value === null ? eb(`a.${column}`, 'is', null) : eb(`a.${column}`, '=', value);
    const result = await this.db
      .updateTable('article as a')
      .set({
        status: to.status,
        publish_at: to.publishAt,
        deleted_at: to.deletedAt,
        trashed_status: to.trashedStatus,
        created_at: to.createdAt,
        updated_at: now,
      })
      .where('a.id', '=', id)
      .where('a.status', '=', from.status)
      .where(same('publish_at', from.publishAt))
      .where(same('deleted_at', from.deletedAt))
      .where(same('trashed_status', from.trashedStatus))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async due(now: string, limit: number) {
    const rows = await this.db
      .selectFrom('article as a')
      .select(['a.id', 'a.title', 'a.status', 'a.publish_at', 'a.deleted_at', 'a.trashed_status', 'a.created_at'])
      .where('a.publish_at', 'is not', null)
      .where('a.publish_at', '<=', now)
      .where('a.status', '=', 'draft')
      .where('a.deleted_at', 'is', null)
      .orderBy('a.publish_at')
      .orderBy('a.id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, title: row.title, ...stateOf(row), publishAt: row.publish_at! }));
  }

  deleteTrashed(ids: 'all' | readonly number[]): Promise<number> {
    if (ids !== 'all' && ids.length === 0) return Promise.resolve(0);
    return this.db.transaction().execute(async (trx) => {
      let chosen = trx.selectFrom('article').select('id').where('deleted_at', 'is not', null);
      if (ids !== 'all') chosen = chosen.where('id', 'in', ids);
      const doomed = (await chosen.execute()).map((row) => row.id);
      for (const id of doomed) {
        await this.index.remove(trx, id);
        await trx.deleteFrom('article_revision').where('article_id', '=', id).execute();
        await trx.deleteFrom('article_tag').where('article_id', '=', id).execute();
        await trx.deleteFrom('article_body').where('article_id', '=', id).execute();
        await trx.deleteFrom('article').where('id', '=', id).execute();
      }
      return doomed.length;
    });
  }

  /** The article columns a text save sets. */
  private async columns(trx: Kysely<Database>, write: TextWrite) {
    const { input } = write;
    let categoryId: number | null = null;
    if (input.category !== null) {
      categoryId =
        'id' in input.category ? input.category.id : await categoryIdFor(trx, input.category.name, write.now);
    }
    return {
      title: input.title,
      summary: write.shownSummary,
      cover: input.cover,
      category_id: categoryId,
      pinned: input.pinned ? 1 : 0,
      ...(input.commentsClosed === undefined ? {} : { comments_closed: input.commentsClosed ? 1 : 0 }),
      word_count: write.wordCount,
      updated_at: write.now,
    };
  }

  /** Tags, search tokens and the revision of a save that made `version`. */
  private async writeRest(trx: Kysely<Database>, id: number, version: number, write: TextWrite): Promise<void> {
    const tagIds = await tagIdsFor(trx, write.input.tags, write.now);
    if (tagIds.length > 0) {
      await trx
        .insertInto('article_tag')
        .values(tagIds.map((tagId, position) => ({ article_id: id, tag_id: tagId, position })))
        .execute();
    }
    await this.index.reindex(trx, id, write.input.title, write.input.content);
    await trx
      .insertInto('article_revision')
      .values({
        article_id: id,
        version,
        title: write.input.title,
        content: write.input.content,
        summary: write.input.summary,
        size: Array.from(write.input.content).length,
        created_at: write.now,
      })
      .execute();
  }

  /** Keeps the text an article has as a revision of its version, if there is none yet. */
  private async keepRevision(trx: Kysely<Database>, id: number, article: EditableArticle): Promise<void> {
    await trx
      .insertInto('article_revision')
      .values({
        article_id: id,
        version: article.version,
        title: article.title,
        content: article.content,
        summary: article.summary,
        size: Array.from(article.content).length,
        created_at: article.updatedAt,
      })
      .onConflict((oc) => oc.columns(['article_id', 'version']).doNothing())
      .execute();
  }

  /** Removes an article's revisions beyond the newest `keep`. */
  private async prune(trx: Kysely<Database>, id: number, keep: number): Promise<void> {
    const oldestKept = await trx
      .selectFrom('article_revision')
      .select('version')
      .where('article_id', '=', id)
      .orderBy('version', 'desc')
      .offset(keep - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept) {
      await trx
        .deleteFrom('article_revision')
        .where('article_id', '=', id)
        .where('version', '<', oldestKept.version)
        .execute();
    }
  }

  /**
   * The title contains the folded keyword, ASCII case ignored (as the public search): SQLite's LIKE folds
   * ASCII only; on PostgreSQL the title's ASCII letters are folded first.
   */
  private titleContains(folded: string): Expression<SqlBool> {
    const pattern = containsPattern(folded);
    const title =
      this.dialect === 'sqlite' || !/[a-z]/.test(folded)
        ? sql`a.title`
        : sql`translate(a.title, ${sql.lit('ABCDEFGHIJKLMNOPQRSTUVWXYZ')}, ${sql.lit('abcdefghijklmnopqrstuvwxyz')})`;
    return sql<SqlBool>`${title} like ${pattern} escape ${sql.lit('\\')}`;
  }
}

async function tagsIn(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, NamedRef[]>> {
  const tagsOf = new Map<number, NamedRef[]>();
  if (ids.length === 0) return tagsOf;
  const rows = await db
    .selectFrom('article_tag as at')
    .innerJoin('tag as t', 't.id', 'at.tag_id')
    .select(['at.article_id', 't.id', 't.name'])
    .where('at.article_id', 'in', ids)
    .orderBy('at.article_id')
    .orderBy('at.position')
    .execute();
  for (const row of rows) {
    const list = tagsOf.get(row.article_id) ?? [];
    list.push({ id: row.id, name: row.name });
    tagsOf.set(row.article_id, list);
  }
  return tagsOf;
}

/** One article with its body, tags and the summary as written (its revision's, else the stored one). */
async function findIn(db: Kysely<Database>, id: number): Promise<EditableArticle | undefined> {
  const row = await db
    .selectFrom('article as a')
    .leftJoin('category as c', 'c.id', 'a.category_id')
    .innerJoin('article_body as b', 'b.article_id', 'a.id')
    .leftJoin('article_revision as r', (join) =>
      join.onRef('r.article_id', '=', 'a.id').onRef('r.version', '=', 'a.version'),
    )
    .select([...ROW_COLUMNS, 'a.summary', 'a.cover', 'a.comments_closed', 'b.content', 'r.summary as written_summary'])
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tags = (await tagsIn(db, [id])).get(id) ?? [];
  return {
    ...toRow(row, tags),
    trashedStatus: row.trashed_status as ArticleStatus | null,
    content: row.content,
    summary: row.written_summary ?? row.summary,
    cover: row.cover,
    commentsClosed: Number(row.comments_closed) === 1,
  };
}

function stateOf(
  row: Pick<RowColumns, 'status' | 'publish_at' | 'deleted_at' | 'trashed_status' | 'created_at'>,
): StoredState {
  return {
    status: row.status as ArticleStatus,
    publishAt: row.publish_at,
    deletedAt: row.deleted_at,
    trashedStatus: row.trashed_status as ArticleStatus | null,
    createdAt: row.created_at,
  };
}

function toRow(row: RowColumns, tags: NamedRef[]): ConsoleArticleRow & { trashedStatus: ArticleStatus | null } {
  return {
    id: row.id,
    title: row.title,
    category:
      row.category_id !== null && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    tags,
    pinned: row.pinned === 1,
    ...stateOf(row),
    version: Number(row.version),
    views: Number(row.views),
    likes: Number(row.likes),
    comments: Number(row.comment_count),
    updatedAt: row.updated_at,
  };
}
