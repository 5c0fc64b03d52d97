import type { NotificationPage } from '../domain/notifications/notification';

export interface NotifyApi {
  page(page: number, size: number): Promise<NotificationPage>;
  markRead(id: number): Promise<void>;
  delete(id: number): Promise<void>;
}
