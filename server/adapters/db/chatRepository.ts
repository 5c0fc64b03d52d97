import type { Kysely, Selectable } from 'kysely';
import type { ChatBan, ChatBanEntry, ChatContentType, ChatHistoryEntry, ChatMessage, ChatSearch } from '../../domain/chat/chatMessage';
import type { ChatRepository, NewChatMessage } from '../../ports/chatRepository';
import type { ChatMessageTable, Database } from './schema';
import { containsText } from './containsText';
import { isUniqueViolation } from './uniqueViolation';

type Row = Selectable<ChatMessageTable> & { nick_name: string; avatar: string };

function toMessage(row: Row): ChatMessage {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    nickName: row.nick_name,
    avatar: row.avatar,
    content: row.content,
    contentType: (row.content_type === 'image' ? 'image' : 'text') as ChatContentType,
    clientId: row.client_id,
    createdAt: row.created_at,
  };
}

/** Chat history on SQLite or PostgreSQL; names and avatars are the authors' current ones. */
export class KyselyChatRepository implements ChatRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('chat_message as m')
      .innerJoin('user_account as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.user_id', 'm.content', 'm.content_type', 'm.client_id', 'm.created_at', 'm.reverted_at', 'u.nick_name', 'u.avatar']);
  }

  async insert(message: NewChatMessage): Promise<{ message: ChatMessage; duplicate: boolean }> {
    try {
      const { id } = await this.db
        .insertInto('chat_message')
        .values({
          user_id: message.userId,
          content: message.content,
          content_type: message.contentType,
          client_id: message.clientId,
          created_at: message.createdAt,
          reverted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await this.select().where('m.id', '=', Number(id)).executeTakeFirstOrThrow();
      return { message: toMessage(row), duplicate: false };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.findAnyByClientId(message.userId, message.clientId);
      if (!existing) throw error;
      return { message: existing, duplicate: true };
    }
  }

  private async findAnyByClientId(userId: number, clientId: string): Promise<ChatMessage | undefined> {
    const row = await this.select().where('m.user_id', '=', userId).where('m.client_id', '=', clientId).executeTakeFirst();
    return row && toMessage(row);
  }

  /** Also finds a reverted send: its client id is spent, a resend must not bring it back. */
  findByClientId(userId: number, clientId: string): Promise<ChatMessage | undefined> {
    return this.findAnyByClientId(userId, clientId);
  }

  async findById(id: number): Promise<ChatMessage | undefined> {
    const row = await this.select().where('m.id', '=', id).where('m.reverted_at', 'is', null).executeTakeFirst();
    return row && toMessage(row);
  }

  async page(size: number, beforeId?: number): Promise<ChatMessage[]> {
    let query = this.select().where('m.reverted_at', 'is', null);
    if (beforeId !== undefined) query = query.where('m.id', '<', beforeId);
    const rows = await query.orderBy('m.id', 'desc').limit(size).execute();
    return rows.map(toMessage);
  }

  async after(afterId: number, limit: number): Promise<ChatMessage[]> {
    const rows = await this.select()
      .where('m.reverted_at', 'is', null)
      .where('m.id', '>', afterId)
      .orderBy('m.id', 'asc')
      .limit(limit)
      .execute();
    return rows.map(toMessage);
  }

  async revertedAtOrBelow(atOrBelowId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('chat_message')
      .select('id')
      .where('reverted_at', 'is not', null)
      .where('id', '<=', atOrBelowId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  }

  async revert(id: number, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('chat_message')
      .set({ reverted_at: at, content: '' })
      .where('id', '=', id)
      .where('reverted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async clear(byUserId: number, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { top } = await trx
        .selectFrom('chat_message')
        .select((eb) => eb.fn.max<number | null>('id').as('top'))
        .executeTakeFirstOrThrow();
      // Rows sent while the clear runs keep higher ids than `top` and survive it, as they should.
      await trx.deleteFrom('chat_message').where('id', '<=', Number(top ?? 0)).execute();
      await trx.insertInto('chat_clear').values({ through_id: Number(top ?? 0), user_id: byUserId, cleared_at: at }).execute();
    });
  }

  async clearedThroughId(): Promise<number> {
    const { top } = await this.db
      .selectFrom('chat_clear')
      .select((eb) => eb.fn.max<number | null>('through_id').as('top'))
      .executeTakeFirstOrThrow();
    return Number(top ?? 0);
  }

  async ban(userId: number): Promise<ChatBan | undefined> {
    const row = await this.db.selectFrom('chat_ban').selectAll().where('user_id', '=', userId).executeTakeFirst();
    return row && { userId: Number(row.user_id), until: row.until, reason: row.reason === 'kick' ? 'kick' : 'mute' };
  }

  async setBan(ban: ChatBan): Promise<void> {
    await this.db
      .insertInto('chat_ban')
      .values({ user_id: ban.userId, until: ban.until, reason: ban.reason })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ until: ban.until, reason: ban.reason }))
      .execute();
  }

  async liftBan(userId: number): Promise<void> {
    await this.db.deleteFrom('chat_ban').where('user_id', '=', userId).execute();
  }

  async search(query: ChatSearch): Promise<{ items: ChatHistoryEntry[]; total: number }> {
    let matching = this.db
      .selectFrom('chat_message as m')
      .innerJoin('user_account as u', 'u.id', 'm.user_id')
      .where('m.reverted_at', 'is', null);
    if (query.userId !== undefined) matching = matching.where('m.user_id', '=', query.userId);
    const user = query.user;
    if (user) matching = matching.where((eb) => eb.or([containsText('u.username', user), containsText('u.nick_name', user)]));
    if (query.text) matching = matching.where('m.content_type', '=', 'text').where(containsText('m.content', query.text));
    const [rows, count] = await Promise.all([
      matching
        .select(['m.id', 'm.user_id', 'm.content', 'm.content_type', 'm.client_id', 'm.created_at', 'm.reverted_at', 'u.nick_name', 'u.avatar', 'u.username'])
        .orderBy('m.id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map((row) => ({ ...toMessage(row), username: row.username })), total: Number(count.n) };
  }

  async activeBans(now: string): Promise<ChatBanEntry[]> {
    const rows = await this.db
      .selectFrom('chat_ban as b')
      .innerJoin('user_account as u', 'u.id', 'b.user_id')
      .select(['b.user_id', 'b.until', 'b.reason', 'u.username', 'u.nick_name', 'u.avatar'])
      .where('b.until', '>', now)
      .orderBy('b.until')
      .orderBy('b.user_id')
      .execute();
    return rows.map((row) => ({
      userId: Number(row.user_id),
      until: row.until,
      reason: row.reason === 'kick' ? 'kick' : 'mute',
      username: row.username,
      nickName: row.nick_name,
      avatar: row.avatar,
    }));
  }
}
