import { sql, type Kysely } from 'kysely';
import type { Notification, NotificationType } from '../../domain/notifications/notification';
import type { NotificationRepository } from '../../ports/notificationRepository';
import type { Database } from './schema';

interface Notice {
  type: NotificationType;
  message: string;
  toId: number | null;
  commentId?: number;
}

export class KyselyNotificationRepository implements NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertForUser(userId: number, notice: Notice, at: Date): Promise<void> {
    await this.db
      .insertInto('notification')
      .values({
        user_id: userId,
        type: notice.type,
        message: notice.message,
        to_id: notice.toId,
        comment_id: notice.commentId ?? null,
        is_view: 1,
        created_at: at.toISOString(),
      })
      .execute();
  }

  async insertForAllUsers(notice: Notice, at: Date): Promise<number> {
    // One INSERT … SELECT: no user is missed or doubled however many there are. Casts keep PostgreSQL
    // from typing the parameters as text.
    const result = await this.db
      .insertInto('notification')
      .columns(['user_id', 'type', 'message', 'to_id', 'is_view', 'created_at'])
      .expression(
        this.db
          .selectFrom('user_account')
          .select([
            'id',
            sql<number>`cast(${notice.type} as integer)`.as('type'),
            sql<string>`cast(${notice.message} as text)`.as('message'),
            sql<number | null>`cast(${notice.toId} as integer)`.as('to_id'),
            sql<number>`1`.as('is_view'),
            sql<string>`cast(${at.toISOString()} as text)`.as('created_at'),
          ]),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  async page(userId: number, offset: number, limit: number): Promise<{ list: Notification[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('notification')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('notification')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        userId: Number(row.user_id),
        type: Number(row.type) as NotificationType,
        message: row.message,
        toId: row.to_id === null ? null : Number(row.to_id),
        commentId: row.comment_id === null ? null : Number(row.comment_id),
        isView: Number(row.is_view) === 1 ? 1 : 0,
        createdAt: row.created_at,
      })),
      total: Number(count.n),
    };
  }

  async findOwner(id: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('notification').select('user_id').where('id', '=', id).executeTakeFirst();
    return row ? Number(row.user_id) : undefined;
  }

  async markRead(id: number): Promise<void> {
    await this.db.updateTable('notification').set({ is_view: 0 }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('notification').where('id', '=', id).execute();
  }

  async unreadCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('is_view', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
