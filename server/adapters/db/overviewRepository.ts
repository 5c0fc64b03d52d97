import { sql, type Kysely } from 'kysely';
import type { OverviewArticleCountsDto, OverviewRecentArticleDto } from '../../../src/protocol/console/overview';
import type { OverviewRepository, SiteCounts } from '../../ports/overviewRepository';
import type { Database } from './schema';

type ArticleState = OverviewRecentArticleDto['status'];

/**
 * An article's place in the console from its columns (migration 0014): the 回收站 first (a trashed row's
 * status is 'hidden'), then the reader's status, and a draft with a publish time is scheduled.
 */
const articleState = sql<ArticleState>`case
  when deleted_at is not null then 'trash'
  when status = 'public' then 'published'
  when status = 'hidden' then 'hidden'
  when publish_at is not null then 'scheduled'
  else 'draft' end`;

export class KyselyOverviewRepository implements OverviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async counts(since: string): Promise<SiteCounts> {
    const count = (table: 'talk' | 'album' | 'photo' | 'user_account') =>
      this.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    const [states, talks, albums, photos, users, pendingLinks, chatMessagesSince] = await Promise.all([
      this.db
        .selectFrom('article')
        .select((eb) => [articleState.as('state'), eb.fn.countAll<number | string>().as('n')])
        .groupBy('state')
        .execute(),
      count('talk'),
      count('album'),
      count('photo'),
      count('user_account'),
      this.db
        .selectFrom('friend_link')
        .where('status', '=', 'pending')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),
      this.db
        .selectFrom('chat_message')
        .where('created_at', '>=', since)
        .where('reverted_at', 'is', null)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n)),
    ]);
    const articles: OverviewArticleCountsDto = { published: 0, draft: 0, scheduled: 0, hidden: 0, trash: 0 };
    for (const { state, n } of states) articles[state] = Number(n);
    return { articles, talks, albums, photos, users, pendingLinks, chatMessagesSince };
  }

  async recentArticles(limit: number): Promise<OverviewRecentArticleDto[]> {
    const rows = await this.db
      .selectFrom('article')
      .where('deleted_at', 'is', null)
      .select(['id', 'title', 'updated_at', articleState.as('state')])
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: row.id, title: row.title, status: row.state, updatedAt: row.updated_at }));
  }
}
