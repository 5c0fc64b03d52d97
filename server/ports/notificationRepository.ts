import type { Notification, NotificationType } from '../domain/notifications/notification';

export interface NotificationRepository {
  insertForUser(
    userId: number,
    notice: { type: NotificationType; message: string; toId: number | null; commentId?: number },
    at: Date,
  ): Promise<void>;
  /** One row per registered user, in one statement. Returns how many were written. */
  insertForAllUsers(notice: { type: NotificationType; message: string; toId: number | null }, at: Date): Promise<number>;
  /** Newest first, ties by id descending. */
  page(userId: number, offset: number, limit: number): Promise<{ list: Notification[]; total: number }>;
  findOwner(id: number): Promise<number | undefined>;
  markRead(id: number): Promise<void>;
  delete(id: number): Promise<void>;
  unreadCount(userId: number): Promise<number>;
}
