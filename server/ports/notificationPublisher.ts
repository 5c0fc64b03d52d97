/** Notification types of spec section 4: 1 article, 2 talk, 3 message-board activity, 4 administrator notice. */
export type NotificationType = 1 | 2 | 3 | 4;

/** How content events reach users' notification drawers. */
export interface NotificationPublisher {
  /** A new public article (type 1) or talk (type 2), to every registered user. */
  toAllUsers(notice: { type: 1 | 2; message: string; toId: number }): Promise<void>;
  /** A like or reply on the user's message-board post (type 3), or an administrator's notice (type 4). */
  toUser(userId: number, notice: { type: 3 | 4; message: string; toId: number | null }): Promise<void>;
}

/** How comments reach the people they concern: type 1 (an article's comment) or 2 (a talk's), naming the comment. */
export interface CommentNotifier {
  aboutComment(userId: number, notice: { type: 1 | 2; message: string; toId: number; commentId: number }): Promise<void>;
}
