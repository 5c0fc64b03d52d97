import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../server/adapters/db/connect';
import { onEachBackend, quantile, timed } from './benchSite';
import type { Viewer } from '../server/domain/comments/comment';
import { createCommentServices } from '../server/main';
import type { CommentService } from '../server/domain/comments/commentService';
// The same seeded generator as the demo album, so every run measures the same threads.
import { mulberry32 } from '../server/adapters/music/demo/random';

/*
 * A page of comments (GET /api/comment/list: ten threads, each with its first three replies and reply
 * count, the reader's likes, the target's count) under ONE article holding 100 000 comments, through the
 * service as the route calls it: the first page, a page from the middle (cursor), the oldest first, and a
 * page of one thread's replies, with as many comments of another article interleaved. The baseline, in the same run on the same data: the same calls after the
 * page indexes (`comment_article_page`, `comment_queue`) are dropped. SQLite, then PostgreSQL when it
 * answers on 127.0.0.1:5432 (BENCH_POSTGRES=0 skips it). About a minute.
 */

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 100_000);
/** Share of the comments that are replies (spread over the newer threads, as discussion goes). */
const REPLY_SHARE = 0.3;
const RUNS = 200;
const BASELINE_RUNS = 10;

interface Generated {
  parent: number | null;
  status: 'approved' | 'pending' | 'spam';
  deleted: boolean;
  userId: number | null;
}

export function threads(count: number): Generated[] {
  const next = mulberry32(20260601);
  const rows: Generated[] = [];
  const tops: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const status = next() < 0.95 ? 'approved' : next() < 0.6 ? 'pending' : 'spam';
    const deleted = next() < 0.01;
    const userId = next() < 0.8 ? 1 + Math.floor(next() * 20) : null;
    // Replies answer one of the newer threads (skewed to the newest), never a reply: one level.
    const parent =
      tops.length > 0 && next() < REPLY_SHARE ? tops[tops.length - 1 - Math.floor(tops.length * next() ** 6)]! : null;
    rows.push({ parent, status, deleted, userId });
    if (parent === null) tops.push(i + 1);
  }
  return rows;
}

/** Loads the article, 20 users and the comments with their ids 1…n, then sets what the repository keeps. */
/**
 * Loads the article, another one whose comments interleave with its own (one before each: a page must find
 * its rows among a site's others), 20 users and the comments, then sets what the repository keeps. The
 * tables are fresh, so the other article's comments get the odd ids and the generated ones the even ids:
 * row number p is comment 2p.
 */
export async function load(handle: DatabaseHandle, rows: Generated[]): Promise<number> {
  const db = handle.db;
  const now = Date.UTC(2026, 0, 1);
  const article = async (key: string, title: string) =>
    db
      .insertInto('article')
      .values({
        source_key: key,
        title,
        summary: '',
        cover: '',
        category_id: null,
        pinned: 0,
        pin_order: 0,
        status: 'public',
        views: 0,
        reading_duration: 0,
        likes: 0,
        word_count: 0,
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const target = await article('bench-comments', '十万条评论的文章');
  const other = await article('bench-other', '另一篇文章');
  await db
    .insertInto('user_account')
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        username: `bench${i}`,
        username_key: `bench${i}`,
        username_skeleton: `bench${i}`,
        nick_name: `读者${i}`,
        avatar: '',
        role: i === 0 ? 1 : 0,
        password_hash: 'x',
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })),
    )
    .execute();
  const users = (await db.selectFrom('user_account').select('id').orderBy('id').execute()).map((u) => u.id);
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('comment')
        .values(
          rows.slice(start, start + 500).flatMap((row, i) => {
            const text = `第 ${start + i + 1} 条评论：**说得好**，看看 https://example.com/${start + i}`;
            const createdAt = new Date(now + (start + i) * 1000).toISOString();
            // Every row names every column: a multi-row insert fills a missing one with null.
            const neighbour = {
              article_id: other.id,
              parent_id: null,
              reply_to: null,
              user_id: users[1]!,
              nick_name: '读者1',
              content: '别处的评论',
              html: '<p>别处的评论</p>',
              status: 'approved',
              deleted: 0,
              likes: 0,
              created_at: createdAt,
            };
            return [
              neighbour,
              {
                article_id: target.id,
                parent_id: row.parent === null ? null : row.parent * 2,
                reply_to: row.parent === null ? null : row.parent * 2,
                user_id: row.userId === null ? null : users[row.userId - 1]!,
                nick_name: row.userId === null ? '路人' : `读者${row.userId}`,
                content: row.deleted ? '' : text,
                html: row.deleted ? '' : `<p>${text}</p>`,
                status: row.status,
                deleted: row.deleted ? 1 : 0,
                likes: (start + i) % 7,
                created_at: createdAt,
              },
            ];
          }),
        )
        .execute();
    }
    // What the repository keeps on every write, set at once for the loaded rows (see rules.ts).
    await sql`update comment set listed = case when status = 'approved' and deleted = 0 then 1 else 0 end where parent_id is not null`.execute(
      trx,
    );
    await sql`update comment set reply_count = (select count(*) from comment r where r.article_id = comment.article_id and r.parent_id = comment.id and r.listed = 1) where parent_id is null`.execute(
      trx,
    );
    await sql`update comment set listed = case when status = 'approved' and (deleted = 0 or reply_count > 0) then 1 else 0 end where parent_id is null`.execute(
      trx,
    );
    await sql`update article set comment_count = (select coalesce(sum(case when deleted = 0 then 1 else 0 end + reply_count), 0) from comment where article_id = article.id and parent_id is null and listed = 1)`.execute(
      trx,
    );
    // The reader liked every 50th comment.
    const liked = rows.map((_, i) => 2 * (i + 1)).filter((id) => id % 100 === 0);
    for (let start = 0; start < liked.length; start += 500) {
      await trx
        .insertInto('comment_like')
        .values(liked.slice(start, start + 500).map((id) => ({ comment_id: id, liker: `u:${users[3]!}` })))
        .execute();
    }
  });
  if (handle.dialect === 'postgres') await sql`vacuum (analyze) comment, comment_like, article`.execute(db);
  else await sql`analyze`.execute(db);
  return target.id;
}

export interface CommentRow {
  backend: string;
  label: string;
  page: { median: number; p95: number };
  baseline: { median: number; p95: number };
  /** Baseline median over page median. */
  speedup: number;
}

async function measureOn(name: string, handle: DatabaseHandle): Promise<CommentRow[]> {
  const started = performance.now();
  const articleId = await load(handle, threads(COMMENTS));
  console.log(`  ${name}: loaded ${COMMENTS} comments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Pages only read: nobody is told anything.
  const { service } = createCommentServices(handle.db, handle.dialect, { aboutComment: async () => undefined });
  const reader = await handle.db
    .selectFrom('user_account')
    .select(['id', 'role', 'nick_name', 'avatar'])
    .where('username', '=', 'bench3')
    .executeTakeFirstOrThrow();
  const viewer: Viewer = {
    user: { id: reader.id, role: reader.role, nickName: reader.nick_name, avatar: reader.avatar },
    address: '127.0.0.1',
    userAgent: 'bench',
  };
  const busiest = await handle.db
    .selectFrom('comment')
    .select('id')
    .where('parent_id', 'is', null)
    .orderBy('reply_count', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  // Comment ids run to twice COMMENTS (see load): this one is halfway through the article's threads.
  const middle = COMMENTS;
  const calls: [string, (s: CommentService) => Promise<unknown>][] = [
    ['first page, newest', (s) => s.page({ type: 'article', id: String(articleId) }, viewer)],
    ['page from the middle', (s) => s.page({ type: 'article', id: String(articleId), cursor: String(middle) }, viewer)],
    ['first page, oldest', (s) => s.page({ type: 'article', id: String(articleId), order: 'oldest' }, viewer)],
    ['replies of the busiest thread', (s) => s.replies(String(busiest.id), undefined, viewer)],
  ];
  // Indexed, then without the indexes, then indexed again: a machine busier in one phase weighs on both sides.
  const indexed = calls.map(() => [] as number[]);
  const measureIndexed = async () => {
    for (const [i, [, call]] of calls.entries()) indexed[i]!.push(...(await timed(() => call(service), RUNS / 2)).samples);
  };
  await measureIndexed();
  await sql`drop index comment_article_page`.execute(handle.db);
  await sql`drop index comment_queue`.execute(handle.db);
  const baselines: number[][] = [];
  for (const [, call] of calls) baselines.push((await timed(() => call(service), BASELINE_RUNS)).samples);
  await sql`create index comment_article_page on comment (article_id, parent_id, listed, id)`.execute(handle.db);
  await sql`create index comment_queue on comment (status, deleted, id)`.execute(handle.db);
  await measureIndexed();
  const rows: CommentRow[] = calls.map(([label], i) => {
    const page = { median: quantile(indexed[i]!, 0.5), p95: quantile(indexed[i]!, 0.95) };
    const base = { median: quantile(baselines[i]!, 0.5), p95: quantile(baselines[i]!, 0.95) };
    return { backend: name, label, page, baseline: base, speedup: base.median / page.median };
  });
  return rows;
}

export async function measureComments(): Promise<CommentRow[]> {
  return onEachBackend('comments', measureOn);
}

export function printComments(rows: CommentRow[]): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);
  console.log(`A page of comments under one article holding ${COMMENTS} comments (service call, ${RUNS} runs each):`);
  console.log('  backend     call                            median       p95   |  no index median     p95   | ratio');
  for (const row of rows) {
    console.log(
      `  ${row.backend.padEnd(11)} ${row.label.padEnd(30)} ${ms(row.page.median)} ${ms(row.page.p95)} | ${ms(row.baseline.median)} ${ms(row.baseline.p95)} | ${row.speedup.toFixed(1).padStart(6)}×`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printComments(await measureComments());
}
