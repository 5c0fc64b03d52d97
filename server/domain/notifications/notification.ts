import type { NotificationType } from '../../ports/notificationPublisher';

export type { NotificationType };

/** One entry of a user's message drawer; `isView` 1 means unread (spec section 3). */
export interface Notification {
  id: number;
  userId: number;
  type: NotificationType;
  message: string;
  toId: number | null;
  /** The comment a type-1/2 notice is about, null otherwise. */
  commentId: number | null;
  isView: 0 | 1;
  createdAt: string;
}

/** Longest notice text kept; notices are one-line summaries with an optional link. */
export const MAX_NOTICE_LENGTH = 2000;
/** Largest page the list call serves, whatever the client asks. */
export const MAX_PAGE_SIZE = 50;
