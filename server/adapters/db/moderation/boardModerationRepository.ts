import type { Kysely } from 'kysely';
import type { BoardSearch, ModeratedPost, ModeratedReply } from '../../../domain/moderation/board';
import type { BoardModerationRepository } from '../../../ports/boardModerationRepository';
import { containsText } from '../containsText';
import type { Database } from '../schema';

/** Every post and reply of the message board, hidden ones too, with their authors' current names. */
export class KyselyBoardModerationRepository implements BoardModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private posts() {
    return this.db.selectFrom('board_message as m').leftJoin('user_account as u', 'u.id', 'm.user_id');
  }

  async search(query: BoardSearch): Promise<{ items: ModeratedPost[]; total: number }> {
    let matching = this.posts();
    const keyword = query.keyword;
    if (keyword) {
      matching = matching.where((eb) =>
        eb.or([
          containsText('m.content', keyword),
          containsText('m.nick_name', keyword),
          containsText('u.nick_name', keyword),
          containsText('u.username', keyword),
        ]),
      );
    }
    if (query.hidden !== undefined) matching = matching.where('m.hidden', '=', query.hidden ? 1 : 0);
    const [rows, count] = await Promise.all([
      this.withColumns(matching).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(query.limit).offset(query.offset).execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toPost), total: Number(count.n) };
  }

  async find(id: number): Promise<ModeratedPost | undefined> {
    const row = await this.withColumns(this.posts().where('m.id', '=', id)).executeTakeFirst();
    return row && toPost(row);
  }

  async replies(messageId: number): Promise<ModeratedReply[]> {
    const rows = await this.replyQuery().where('r.message_id', '=', messageId).orderBy('r.created_at').orderBy('r.id').execute();
    return rows.map(toReply);
  }

  async findReply(id: number): Promise<ModeratedReply | undefined> {
    const row = await this.replyQuery().where('r.id', '=', id).executeTakeFirst();
    return row && toReply(row);
  }

  async setHidden(id: number, hidden: boolean): Promise<boolean> {
    const result = await this.db.updateTable('board_message').set({ hidden: hidden ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async setReplyHidden(id: number, hidden: boolean): Promise<boolean> {
    const result = await this.db.updateTable('message_reply').set({ hidden: hidden ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('board_message').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async removeReply(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('message_reply').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private withColumns(query: ReturnType<KyselyBoardModerationRepository['posts']>) {
    return query.select((eb) => [
      'm.id',
      'm.content',
      'm.color',
      'm.bg_image',
      'm.user_id',
      eb.fn.coalesce('u.nick_name', 'm.nick_name').as('nick_name'),
      eb.fn.coalesce('u.avatar', 'm.avatar').as('avatar'),
      'm.likes',
      'm.hidden',
      'm.created_at',
      'm.updated_at',
      eb
        .selectFrom('message_reply as r')
        .select((sub) => sub.fn.countAll<number>().as('replies'))
        .whereRef('r.message_id', '=', 'm.id')
        .as('reply_count'),
    ]);
  }

  private replyQuery() {
    return this.db
      .selectFrom('message_reply as r')
      .innerJoin('user_account as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.message_id', 'r.content', 'r.user_id', 'u.nick_name', 'u.avatar', 'r.hidden', 'r.created_at']);
  }
}

function toPost(row: {
  id: number;
  content: string;
  color: string;
  bg_image: string;
  user_id: number | null;
  nick_name: string;
  avatar: string;
  likes: number;
  hidden: number;
  created_at: string;
  updated_at: string;
  reply_count: number | null;
}): ModeratedPost {
  return {
    id: Number(row.id),
    content: row.content,
    color: row.color,
    bgImage: row.bg_image,
    userId: row.user_id === null ? null : Number(row.user_id),
    nickName: row.nick_name,
    avatar: row.avatar,
    likes: Number(row.likes),
    replyCount: Number(row.reply_count ?? 0),
    hidden: Number(row.hidden) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toReply(row: {
  id: number;
  message_id: number;
  content: string;
  user_id: number;
  nick_name: string;
  avatar: string;
  hidden: number;
  created_at: string;
}): ModeratedReply {
  return {
    id: Number(row.id),
    messageId: Number(row.message_id),
    content: row.content,
    userId: Number(row.user_id),
    nickName: row.nick_name,
    avatar: row.avatar,
    hidden: Number(row.hidden) === 1,
    createdAt: row.created_at,
  };
}
