import { decodeAngleBrackets } from '../../../src/domain/shared/htmlText';
import type { Clock } from '../../ports/clock';
import type { CommentNotifier, NotificationPublisher, NotificationType } from '../../ports/notificationPublisher';
import type { NotificationRepository } from '../../ports/notificationRepository';
import type { CurrentUser } from '../accounts/currentUser';
import { AppError } from '../errors';
import { notifyMessages } from './messages';
import { MAX_NOTICE_LENGTH, MAX_PAGE_SIZE, type Notification } from './notification';

function checkedMessage(message: string): string {
  const text = message.trim();
  if (text === '') throw new AppError('invalid', notifyMessages.emptyMessage);
  if (text.length > MAX_NOTICE_LENGTH) throw new AppError('invalid', notifyMessages.messageTooLong);
  return text;
}

/** The drawer's server side, and the publisher other areas call when something happens. */
export class NotificationService implements NotificationPublisher, CommentNotifier {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly clock: Clock,
  ) {}

  async toAllUsers(notice: { type: 1 | 2; message: string; toId: number }): Promise<void> {
    await this.broadcast(notice.type, notice.message, notice.toId);
  }

  async toUser(userId: number, notice: { type: 3 | 4; message: string; toId: number | null }): Promise<void> {
    await this.notifications.insertForUser(
      userId,
      { type: notice.type, message: checkedMessage(notice.message), toId: notice.toId },
      this.clock.now(),
    );
  }

  async aboutComment(userId: number, notice: { type: 1 | 2; message: string; toId: number; commentId: number }): Promise<void> {
    await this.notifications.insertForUser(
      userId,
      { type: notice.type, message: checkedMessage(notice.message), toId: notice.toId, commentId: notice.commentId },
      this.clock.now(),
    );
  }

  /**
   * The administrator's notice (type 4) to every user; returns how many received it. The administrator's
   * own text follows spec section 5: escaped angle brackets (`&lt;i&gt;`) are decoded back into tags. Only
   * here: the notices composed from readers' words (names, posts) escape those words, which must stay text.
   */
  adminNotice(message: string): Promise<number> {
    return this.broadcast(4, this.adminNoticeText(message), null);
  }

  /** The administrator's notice as it would be stored (the console's preview shows it as the drawer will). */
  adminNoticeText(message: string): string {
    return checkedMessage(decodeAngleBrackets(message));
  }

  async list(user: CurrentUser, current: number, size: number): Promise<{ list: Notification[]; total: number }> {
    const pageSize = Math.min(Math.max(1, Math.floor(size)), MAX_PAGE_SIZE);
    const page = Math.max(1, Math.floor(current));
    return this.notifications.page(user.id, (page - 1) * pageSize, pageSize);
  }

  unreadCount(user: CurrentUser): Promise<number> {
    return this.notifications.unreadCount(user.id);
  }

  async markRead(user: CurrentUser, id: number): Promise<void> {
    await this.ownedBy(user, id);
    await this.notifications.markRead(id);
  }

  async delete(user: CurrentUser, id: number): Promise<void> {
    await this.ownedBy(user, id);
    await this.notifications.delete(id);
  }

  private async ownedBy(user: CurrentUser, id: number): Promise<void> {
    const owner = await this.notifications.findOwner(id);
    if (owner === undefined) throw new AppError('notFound', notifyMessages.notFound);
    // Even the administrator only touches their own drawer: a notice is private to its reader.
    if (owner !== user.id) throw new AppError('forbidden', notifyMessages.notYours);
  }

  private broadcast(type: NotificationType, message: string, toId: number | null): Promise<number> {
    return this.notifications.insertForAllUsers({ type, message: checkedMessage(message), toId }, this.clock.now());
  }
}
