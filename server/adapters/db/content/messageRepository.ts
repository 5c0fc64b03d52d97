import { sql, type Kysely, type Selectable } from 'kysely';
import type { BoardMessage, BoardReply } from '../../../domain/content/board';
import type { MessageRepository, NewBoardMessage, NewBoardReply } from '../../../ports/messageRepository';
import type { BoardMessageTable, Database } from '../schema';

export class KyselyMessageRepository implements MessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Posts with their author's current name and avatar (the stored ones when there is no account). A post
   * or reply the blogger hid is out of every public read.
   */
  private query(viewerId: number | null) {
    return this.db
      .selectFrom('board_message as m')
      .where('m.hidden', '=', 0)
      .leftJoin('user_account as u', 'u.id', 'm.user_id')
      .select((eb) => [
        'm.id',
        'm.content',
        'm.color',
        'm.bg_image',
        'm.user_id',
        eb.fn.coalesce('u.nick_name', 'm.nick_name').as('nick_name'),
        eb.fn.coalesce('u.avatar', 'm.avatar').as('avatar'),
        'm.likes',
        'm.created_at',
        'm.updated_at',
        viewerId === null
          ? sql<number>`0`.as('liked')
          : eb
              .exists(
                eb
                  .selectFrom('board_message_like as l')
                  .select('l.message_id')
                  .whereRef('l.message_id', '=', 'm.id')
                  .where('l.user_id', '=', viewerId),
              )
              .$castTo<number>()
              .as('liked'),
        eb
          .selectFrom('message_reply as r')
          .select((sub) => sub.fn.countAll<number>().as('replies'))
          .whereRef('r.message_id', '=', 'm.id')
          .where('r.hidden', '=', 0)
          .as('reply_count'),
      ]);
  }

  async list(
    query: { offset: number; limit: number; userId?: number },
    viewerId: number | null,
  ): Promise<{ items: BoardMessage[]; total: number }> {
    let count = this.db
      .selectFrom('board_message')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('hidden', '=', 0);
    let rows = this.query(viewerId);
    if (query.userId !== undefined) {
      count = count.where('user_id', '=', query.userId);
      rows = rows.where('m.user_id', '=', query.userId);
    }
    const counted = await count.executeTakeFirst();
    const items = await rows.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(query.limit).offset(query.offset).execute();
    return { items: items.map(toMessage), total: Number(counted?.total ?? 0) };
  }

  async find(id: number, viewerId: number | null): Promise<BoardMessage | undefined> {
    const row = await this.query(viewerId).where('m.id', '=', id).executeTakeFirst();
    return row && toMessage(row);
  }

  async add(message: NewBoardMessage): Promise<number> {
    const row = await this.db
      .insertInto('board_message')
      .values({
        content: message.content,
        color: message.color,
        bg_image: message.bgImage,
        user_id: message.userId,
        nick_name: message.nickName,
        avatar: message.avatar,
        likes: message.likes,
        created_at: message.createdAt,
        updated_at: message.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, change: { content: string; color: string; bgImage: string; updatedAt: string }): Promise<void> {
    await this.db
      .updateTable('board_message')
      .set({ content: change.content, color: change.color, bg_image: change.bgImage, updated_at: change.updatedAt })
      .where('id', '=', id)
      .execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('board_message').where('id', '=', id).execute();
  }

  /** One transaction: the like row and the counter always agree, whatever runs concurrently. */
  toggleLike(id: number, userId: number): Promise<{ likes: number; liked: boolean } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('board_message_like')
        .where('message_id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const liked = Number(removed.numDeletedRows) === 0;
      if (liked) {
        const inserted = await trx
          .insertInto('board_message_like')
          .values({ message_id: id, user_id: userId })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return this.current(trx, id, true);
      }
      const row = await trx
        .updateTable('board_message')
        .set((eb) => ({ likes: eb('likes', liked ? '+' : '-', 1) }))
        .where('id', '=', id)
        .returning('likes')
        .executeTakeFirst();
      return row ? { likes: Number(row.likes), liked } : undefined;
    });
  }

  async replies(messageId: number): Promise<BoardReply[]> {
    const rows = await this.replyQuery().where('r.message_id', '=', messageId).orderBy('r.created_at').orderBy('r.id').execute();
    return rows.map(toReply);
  }

  async findReply(id: number): Promise<BoardReply | undefined> {
    const row = await this.replyQuery().where('r.id', '=', id).executeTakeFirst();
    return row && toReply(row);
  }

  /** One statement that inserts nothing when the post is gone, instead of a foreign-key error. */
  async addReply(reply: NewBoardReply): Promise<number | undefined> {
    const row = await this.db
      .insertInto('message_reply')
      .columns(['message_id', 'user_id', 'content', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('board_message')
          .select([
            'id',
            // Typed casts: PostgreSQL would otherwise read the bare parameters of a select list as text.
            eb.cast<number>(eb.val(reply.userId), 'integer').as('user_id'),
            eb.cast<string>(eb.val(reply.content), 'text').as('content'),
            eb.cast<string>(eb.val(reply.createdAt), 'text').as('created_at'),
          ])
          .where('id', '=', reply.messageId)
          .where('hidden', '=', 0),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  async removeReply(id: number): Promise<void> {
    await this.db.deleteFrom('message_reply').where('id', '=', id).execute();
  }

  private replyQuery() {
    return this.db
      .selectFrom('message_reply as r')
      .innerJoin('user_account as u', 'u.id', 'r.user_id')
      .where('r.hidden', '=', 0)
      .select(['r.id', 'r.message_id', 'r.content', 'r.user_id', 'u.nick_name', 'u.avatar', 'r.created_at']);
  }

  private async current(db: Kysely<Database>, id: number, liked: boolean) {
    const row = await db.selectFrom('board_message').select('likes').where('id', '=', id).executeTakeFirst();
    return row ? { likes: Number(row.likes), liked } : undefined;
  }
}

function toMessage(
  row: Omit<Selectable<BoardMessageTable>, 'hidden' | 'import_key'> & { liked: number | boolean; reply_count: number | null },
): BoardMessage {
  return {
    id: row.id,
    content: row.content,
    color: row.color,
    bgImage: row.bg_image,
    userId: row.user_id,
    nickName: row.nick_name,
    avatar: row.avatar,
    likes: Number(row.likes),
    liked: Boolean(Number(row.liked)),
    replyCount: Number(row.reply_count ?? 0),
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
  created_at: string;
}): BoardReply {
  return {
    id: row.id,
    messageId: row.message_id,
    content: row.content,
    userId: row.user_id,
    nickName: row.nick_name,
    avatar: row.avatar,
    createdAt: row.created_at,
  };
}
