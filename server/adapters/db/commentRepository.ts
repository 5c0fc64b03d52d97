import { randomBytes } from 'node:crypto';
import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type {
  CommentOrder,
  CommentSettings,
  CommentStatus,
  CommentTarget,
  EmailSettings,
  NewComment,
  StoredComment,
  TargetInfo,
} from '../../domain/comments/comment';
import { countedIn, isListed, type ListingFacts } from '../../domain/comments/rules';
import { ADMIN_ROLE } from '../../domain/accounts/currentUser';
import { containsPattern } from '../../domain/content/search';
import type { CommentQueueQuery, CommentRepository } from '../../ports/commentRepository';
import type { DialectName } from './connect';
import type { CommentTable, Database } from './schema';

type Db = Kysely<Database>;

const TARGET_COLUMN = { article: 'article_id', talk: 'talk_id' } as const;

/** The stored row's facts the listing rules read. */
interface ThreadRow {
  parent_id: number | null;
  status: string;
  deleted: number;
  reply_count: number;
}

const factsOf = (row: ThreadRow): ListingFacts => ({
  parentId: row.parent_id,
  status: row.status as CommentStatus,
  deleted: Number(row.deleted) === 1,
  replyCount: Number(row.reply_count),
});

/**
 * Comments in both dialects. Reads never count: a page is one range of `comment_<target>_page`
 * (target, parent, listed, id), the thread's reply count and the target's comment count are columns.
 * Every write recomputes them in its transaction, the thread's top-level row locked on PostgreSQL so two
 * replies to one thread cannot both count from the same "before".
 */
export class KyselyCommentRepository implements CommentRepository {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async target(target: CommentTarget): Promise<TargetInfo | undefined> {
    if (target.type === 'article') {
      const row = await this.db
        .selectFrom('article')
        .select(['title', 'comment_count', 'comments_closed'])
        .where('id', '=', target.id)
        .where('status', '=', 'public')
        .executeTakeFirst();
      return row && { title: row.title, commentCount: Number(row.comment_count), commentsClosed: Number(row.comments_closed) === 1 };
    }
    const row = await this.db
      .selectFrom('talk')
      .select(['content', 'comment_count'])
      .where('id', '=', target.id)
      .where('hidden', '=', 0)
      .executeTakeFirst();
    return row && { title: row.content, commentCount: Number(row.comment_count), commentsClosed: false };
  }

  async anyTargetTitle(target: CommentTarget): Promise<{ title: string; public: boolean } | undefined> {
    if (target.type === 'article') {
      const row = await this.db
        .selectFrom('article')
        .select(['title', 'status'])
        .where('id', '=', target.id)
        .executeTakeFirst();
      return row && { title: row.title, public: row.status === 'public' };
    }
    const row = await this.db
      .selectFrom('talk')
      .select(['content', 'hidden'])
      .where('id', '=', target.id)
      .executeTakeFirst();
    return row && { title: row.content, public: Number(row.hidden) === 0 };
  }

  async find(id: number): Promise<StoredComment | undefined> {
    const row = await this.rows().where('id', '=', id).executeTakeFirst();
    return row && (await this.decorate([row]))[0];
  }

  async threads(
    target: CommentTarget,
    order: CommentOrder,
    cursor: number | undefined,
    limit: number,
  ): Promise<StoredComment[]> {
    let query = this.rows()
      .where(TARGET_COLUMN[target.type], '=', target.id)
      .where('parent_id', 'is', null)
      .where('listed', '=', 1);
    if (cursor !== undefined) query = query.where('id', order === 'newest' ? '<' : '>', cursor);
    return this.decorate(
      await query
        .orderBy('id', order === 'newest' ? 'desc' : 'asc')
        .limit(limit)
        .execute(),
    );
  }

  async replies(
    target: CommentTarget,
    parentId: number,
    cursor: number | undefined,
    limit: number,
  ): Promise<StoredComment[]> {
    return this.decorate(await this.replyRange(target, parentId, cursor, limit).execute());
  }

  async firstReplies(
    target: CommentTarget,
    parentIds: readonly number[],
    limit: number,
  ): Promise<Map<number, StoredComment[]>> {
    const found = new Map<number, StoredComment[]>(parentIds.map((id) => [id, []]));
    if (parentIds.length === 0) return found;
    // One statement of short ranges, one per thread (a thread of thousands of replies costs its first few
    // rows only); each range is a subquery, the form both dialects allow a LIMIT in a UNION.
    const [first, ...rest] = parentIds.map((id, i) =>
      this.db.selectFrom(this.replyRange(target, id, undefined, limit).as(`r${i}`)).selectAll(),
    );
    const rows = await rest.reduce((union, next) => union.unionAll(next), first!).execute();
    for (const comment of await this.decorate(rows)) found.get(comment.parentId!)?.push(comment);
    for (const list of found.values()) list.sort((a, b) => a.id - b.id);
    return found;
  }

  async insert(comment: NewComment): Promise<number> {
    return this.inTransaction(async (trx) => {
      const top = comment.parentId === null ? undefined : await this.lockedThread(trx, comment.parentId);
      const facts: ListingFacts = { parentId: comment.parentId, status: comment.status, deleted: false, replyCount: 0 };
      const row = await trx
        .insertInto('comment')
        .values({
          article_id: comment.target.type === 'article' ? comment.target.id : null,
          talk_id: comment.target.type === 'talk' ? comment.target.id : null,
          parent_id: comment.parentId,
          reply_to: comment.replyTo,
          user_id: comment.userId,
          nick_name: comment.nickName,
          email: comment.email,
          site: comment.site,
          content: comment.content,
          html: comment.html,
          status: comment.status,
          listed: isListed(facts) ? 1 : 0,
          address_hash: comment.addressHash,
          created_at: comment.createdAt,
          likes: comment.likes ?? 0,
          import_key: comment.importKey ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (top) await this.refreshThread(trx, top);
      else await this.addToCount(trx, comment.target, countedIn(facts));
      return Number(row.id);
    });
  }

  async importedIds(keys: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    // In slices: both dialects cap the parameters of one statement.
    for (let start = 0; start < keys.length; start += 500) {
      const rows = await this.db
        .selectFrom('comment')
        .select(['id', 'import_key'])
        .where('import_key', 'in', keys.slice(start, start + 500))
        .execute();
      for (const row of rows) found.set(row.import_key!, Number(row.id));
    }
    return found;
  }

  async setStatus(id: number, status: CommentStatus): Promise<void> {
    await this.change(id, { status });
  }

  async markDeleted(id: number): Promise<void> {
    await this.change(id, { deleted: 1, content: '', html: '', email: '', site: '' });
  }

  async recentBy(
    who: { userId: number | null; addressHash: string },
    since: string,
  ): Promise<{ userId: number | null; addressHash: string; content: string }[]> {
    const recent = (column: 'user_id' | 'address_hash', value: number | string) =>
      this.db
        .selectFrom('comment')
        .select(['id', 'user_id', 'address_hash', 'content'])
        .where(column, '=', value)
        .where('created_at', '>=', since)
        .execute();
    const [byUser, byAddress] = await Promise.all([
      who.userId === null ? [] : recent('user_id', who.userId),
      who.addressHash === '' ? [] : recent('address_hash', who.addressHash),
    ]);
    const rows = new Map([...byUser, ...byAddress].map((row) => [row.id, row]));
    return [...rows.values()].map((row) => ({
      userId: row.user_id,
      addressHash: row.address_hash,
      content: row.content,
    }));
  }

  async likedAmong(ids: readonly number[], liker: string): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('comment_like')
      .select('comment_id')
      .where('liker', '=', liker)
      .where('comment_id', 'in', [...ids])
      .execute();
    return new Set(rows.map((row) => Number(row.comment_id)));
  }

  async setLike(commentId: number, liker: string, liked: boolean): Promise<number> {
    return this.inTransaction(async (trx) => {
      const changed = liked
        ? await trx
            .insertInto('comment_like')
            .values({ comment_id: commentId, liker })
            .onConflict((oc) => oc.columns(['comment_id', 'liker']).doNothing())
            .executeTakeFirst()
            .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
        : await trx
            .deleteFrom('comment_like')
            .where('comment_id', '=', commentId)
            .where('liker', '=', liker)
            .executeTakeFirst()
            .then((r) => Number(r.numDeletedRows));
      if (changed > 0) {
        await trx
          .updateTable('comment')
          .set((eb) => ({ likes: eb('likes', liked ? '+' : '-', 1) }))
          .where('id', '=', commentId)
          .execute();
      }
      const row = await trx.selectFrom('comment').select('likes').where('id', '=', commentId).executeTakeFirstOrThrow();
      return Number(row.likes);
    });
  }

  async setTalkLike(talkId: number, liker: string, liked: boolean): Promise<number> {
    return this.inTransaction(async (trx) => {
      const changed = liked
        ? await trx
            .insertInto('talk_like')
            .values({ talk_id: talkId, liker })
            .onConflict((oc) => oc.columns(['talk_id', 'liker']).doNothing())
            .executeTakeFirst()
            .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
        : await trx
            .deleteFrom('talk_like')
            .where('talk_id', '=', talkId)
            .where('liker', '=', liker)
            .executeTakeFirst()
            .then((r) => Number(r.numDeletedRows));
      if (changed > 0) {
        // Never below zero: a talk's count began before likes were recorded one by one.
        await trx
          .updateTable('talk')
          .set((eb) => ({
            likes: liked ? eb('likes', '+', 1) : sql<number>`case when likes > 0 then likes - 1 else 0 end`,
          }))
          .where('id', '=', talkId)
          .execute();
      }
      const row = await trx.selectFrom('talk').select('likes').where('id', '=', talkId).executeTakeFirstOrThrow();
      return Number(row.likes);
    });
  }

  async talkLikes(ids: readonly number[], liker: string): Promise<{ id: number; likes: number; liked: boolean }[]> {
    if (ids.length === 0) return [];
    const [talks, likes] = await Promise.all([
      this.db
        .selectFrom('talk')
        .select(['id', 'likes'])
        .where('id', 'in', [...ids])
        .where('hidden', '=', 0)
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('talk_like')
        .select('talk_id')
        .where('liker', '=', liker)
        .where('talk_id', 'in', [...ids])
        .execute(),
    ]);
    const liked = new Set(likes.map((row) => Number(row.talk_id)));
    return talks.map((talk) => ({ id: Number(talk.id), likes: Number(talk.likes), liked: liked.has(Number(talk.id)) }));
  }

  async queue(query: CommentQueueQuery): Promise<{ items: StoredComment[]; total: number }> {
    let filtered = this.db
      .selectFrom('comment as c')
      .leftJoin('user_account as u', 'u.id', 'c.user_id')
      .where('c.deleted', '=', 0);
    if (query.status) filtered = filtered.where('c.status', '=', query.status);
    if (query.keyword) {
      const pattern = containsPattern(query.keyword);
      filtered = filtered.where((eb) =>
        eb.or([
          this.contains(sql`c.content`, pattern),
          this.contains(sql`c.nick_name`, pattern),
          this.contains(sql`c.email`, pattern),
        ]),
      );
    }
    const author = query.author;
    if (author) {
      if ('userId' in author) filtered = filtered.where('c.user_id', '=', author.userId);
      else if ('email' in author)
        filtered = filtered.where('c.user_id', 'is', null).where('c.email', '=', author.email);
      else filtered = filtered.where('c.user_id', 'is', null).where('c.nick_name', '=', author.nickName);
    }
    const counted = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const ids = await filtered.select('c.id').orderBy('c.id', 'desc').limit(query.limit).offset(query.offset).execute();
    if (ids.length === 0) return { items: [], total: Number(counted.n) };
    const rows = await this.rows()
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .orderBy('id', 'desc')
      .execute();
    return { items: await this.decorate(rows), total: Number(counted.n) };
  }

  async statusCounts(): Promise<Record<CommentStatus, number>> {
    const rows = await this.db
      .selectFrom('comment')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('deleted', '=', 0)
      .groupBy('status')
      .execute();
    const counts: Record<CommentStatus, number> = { pending: 0, approved: 0, spam: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status as CommentStatus] = Number(row.n);
    return counts;
  }

  async settings(): Promise<CommentSettings> {
    const row = await this.db
      .selectFrom('comment_settings')
      .select(['visitors_may_comment', 'keywords'])
      .where('id', '=', 1)
      .executeTakeFirst();
    // No row yet: the defaults (visitors may not comment, no keywords).
    if (!row) return { visitorsMayComment: false, keywords: [] };
    return {
      visitorsMayComment: Number(row.visitors_may_comment) === 1,
      keywords: JSON.parse(row.keywords) as string[],
    };
  }

  async saveSettings(settings: CommentSettings): Promise<void> {
    const values = {
      visitors_may_comment: settings.visitorsMayComment ? 1 : 0,
      keywords: JSON.stringify(settings.keywords),
    };
    await this.db
      .insertInto('comment_settings')
      .values({ id: 1, ...values, secret: newSecret() })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
  }

  async secret(): Promise<string> {
    // Made by whichever instance needs it first; the others read the one that won.
    await this.db
      .insertInto('comment_settings')
      .values({ id: 1, secret: newSecret() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('comment_settings')
      .select('secret')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return row.secret;
  }

  async administrators(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_account')
      .select('id')
      .where('role', '=', ADMIN_ROLE)
      .orderBy('id')
      .execute();
    return rows.map((row) => Number(row.id));
  }

  async emailSettings(userId: number): Promise<EmailSettings | undefined> {
    const row = await this.db
      .selectFrom('user_account')
      .select(['email', 'email_notify'])
      .where('id', '=', userId)
      .executeTakeFirst();
    return row && { email: row.email, notify: Number(row.email_notify) === 1 };
  }

  async saveEmailSettings(userId: number, settings: EmailSettings): Promise<void> {
    await this.db
      .updateTable('user_account')
      .set({ email: settings.email, email_notify: settings.notify ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** The comment columns a StoredComment is made of (its authors' accounts come from `decorate`). */
  private rows() {
    return this.db.selectFrom('comment').select(COMMENT_COLUMNS);
  }

  /** Listed replies of one thread, oldest first, after `cursor`. */
  private replyRange(target: CommentTarget, parentId: number, cursor: number | undefined, limit: number) {
    let query = this.rows()
      .where(TARGET_COLUMN[target.type], '=', target.id)
      .where('parent_id', '=', parentId)
      .where('listed', '=', 1);
    if (cursor !== undefined) query = query.where('id', '>', cursor);
    return query.orderBy('id', 'asc').limit(limit);
  }

  /**
   * The rows with their authors' accounts and the names they answer, in two statements for any number of
   * rows. Separate plain reads rather than a four-way join: PostgreSQL plans a join of four tables in about
   * a millisecond, more than a page's whole work.
   */
  private async decorate(rows: readonly CommentRow[]): Promise<StoredComment[]> {
    const answeredIds = [...new Set(rows.flatMap((row) => (row.reply_to === null ? [] : [row.reply_to])))];
    const answered =
      answeredIds.length === 0
        ? []
        : await this.db
            .selectFrom('comment')
            .select(['id', 'nick_name', 'user_id'])
            .where('id', 'in', answeredIds)
            .execute();
    const userIds = [...new Set([...rows, ...answered].flatMap((row) => (row.user_id === null ? [] : [row.user_id])))];
    const users =
      userIds.length === 0
        ? []
        : await this.db
            .selectFrom('user_account')
            .select(['id', 'nick_name', 'avatar', 'role', 'email'])
            .where('id', 'in', userIds)
            .execute();
    const userOf = new Map(users.map((user) => [Number(user.id), user]));
    const answeredOf = new Map(answered.map((row) => [Number(row.id), row]));
    return rows.map((row) => {
      const reply = row.reply_to === null ? undefined : answeredOf.get(Number(row.reply_to));
      return toComment(
        row,
        row.user_id === null ? undefined : userOf.get(Number(row.user_id)),
        reply && {
          nickName:
            (reply.user_id === null ? undefined : userOf.get(Number(reply.user_id))?.nick_name) ?? reply.nick_name,
          userId: reply.user_id === null ? null : Number(reply.user_id),
        },
      );
    });
  }

  /** A status change or a deletion, with the thread's and the target's counts kept. */
  private async change(
    id: number,
    set: { status?: CommentStatus; deleted?: 1; content?: string; html?: string; email?: string; site?: string },
  ) {
    await this.inTransaction(async (trx) => {
      const row = await trx
        .selectFrom('comment')
        .select(['id', 'article_id', 'talk_id', 'parent_id', 'status', 'deleted', 'reply_count'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return;
      const topId = row.parent_id ?? row.id;
      const top = await this.lockedThread(trx, topId);
      const after = factsOf({ ...row, status: set.status ?? row.status, deleted: set.deleted ?? row.deleted });
      await trx
        .updateTable('comment')
        .set({ ...set, listed: isListed(after) ? 1 : 0 })
        .where('id', '=', id)
        .execute();
      await this.refreshThread(trx, top);
    });
  }

  /** The thread's top-level row (locked for the transaction on PostgreSQL) and what it counted before. */
  private async lockedThread(trx: Db, topId: number) {
    let query = trx
      .selectFrom('comment')
      .select(['id', 'article_id', 'talk_id', 'parent_id', 'status', 'deleted', 'reply_count'])
      .where('id', '=', topId);
    if (this.dialect === 'postgres') query = query.forUpdate();
    const top = await query.executeTakeFirstOrThrow();
    return { ...top, before: countedIn(factsOf(top)) };
  }

  /** Recounts a thread's listed replies, relists its top-level row and moves the target's count by the change. */
  private async refreshThread(
    trx: Db,
    top: { id: number; article_id: number | null; talk_id: number | null; before: number },
  ): Promise<void> {
    const current = await trx
      .selectFrom('comment')
      .select(['parent_id', 'status', 'deleted'])
      .where('id', '=', top.id)
      .executeTakeFirstOrThrow();
    const replies = await trx
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(top.article_id !== null ? 'article_id' : 'talk_id', '=', top.article_id ?? top.talk_id)
      .where('parent_id', '=', top.id)
      .where('listed', '=', 1)
      .executeTakeFirstOrThrow();
    const facts = factsOf({ ...current, reply_count: Number(replies.n) });
    await trx
      .updateTable('comment')
      .set({ reply_count: facts.replyCount, listed: isListed(facts) ? 1 : 0 })
      .where('id', '=', top.id)
      .execute();
    const target: CommentTarget =
      top.article_id !== null ? { type: 'article', id: top.article_id } : { type: 'talk', id: top.talk_id! };
    await this.addToCount(trx, target, countedIn(facts) - top.before);
  }

  private async addToCount(trx: Db, target: CommentTarget, delta: number): Promise<void> {
    if (delta === 0) return;
    await trx
      .updateTable(target.type)
      .set((eb) => ({ comment_count: eb('comment_count', '+', delta) }))
      .where('id', '=', target.id)
      .execute();
  }

  /** `column` contains the folded keyword, ASCII case ignored on both dialects (SQLite's LIKE already folds ASCII). */
  private contains(column: Expression<string>, pattern: string): Expression<SqlBool> {
    const folded =
      this.dialect === 'sqlite'
        ? column
        : sql`translate(${column}, ${sql.lit('ABCDEFGHIJKLMNOPQRSTUVWXYZ')}, ${sql.lit('abcdefghijklmnopqrstuvwxyz')})`;
    return sql<SqlBool>`${folded} like ${pattern} escape ${sql.lit('\\')}`;
  }

  private inTransaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}

/** 256 random bits, hex. */
const newSecret = () => randomBytes(32).toString('hex');

const COMMENT_COLUMNS = [
  'id',
  'article_id',
  'talk_id',
  'parent_id',
  'reply_to',
  'user_id',
  'nick_name',
  'email',
  'site',
  'content',
  'html',
  'status',
  'deleted',
  'reply_count',
  'likes',
  'created_at',
] as const;

type CommentRow = Pick<Selectable<CommentTable>, (typeof COMMENT_COLUMNS)[number]>;

function toComment(
  row: CommentRow,
  user: { nick_name: string; avatar: string; role: number; email: string } | undefined,
  answered: { nickName: string; userId: number | null } | undefined,
): StoredComment {
  return {
    id: Number(row.id),
    target:
      row.article_id !== null
        ? { type: 'article', id: Number(row.article_id) }
        : { type: 'talk', id: Number(row.talk_id) },
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    replyTo: row.reply_to === null ? null : Number(row.reply_to),
    replyToNickName: row.reply_to === null ? null : (answered?.nickName ?? ''),
    replyToUserId: answered?.userId ?? null,
    userId: row.user_id === null ? null : Number(row.user_id),
    // A user's current name and avatar: renaming oneself renames one's comments.
    nickName: user?.nick_name ?? row.nick_name,
    avatar: user?.avatar ?? '',
    admin: user !== undefined && Number(user.role) === ADMIN_ROLE,
    email: row.user_id === null ? row.email : (user?.email ?? ''),
    site: row.site,
    content: row.content,
    html: row.html,
    status: row.status as CommentStatus,
    deleted: Number(row.deleted) === 1,
    replyCount: Number(row.reply_count),
    likes: Number(row.likes),
    createdAt: row.created_at,
  };
}
