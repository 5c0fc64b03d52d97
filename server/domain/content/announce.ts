import type { NotificationPublisher } from '../../ports/notificationPublisher';
import { escapeHtml } from './html';
import { contentMessages } from './messages';

/**
 * Tells every user that an article is public now (type 1): sent by the importer and by the console's
 * publishing, now or at its scheduled time.
 */
export function announceArticle(
  notifications: NotificationPublisher,
  article: { id: number; title: string },
): Promise<void> {
  return notifications.toAllUsers({
    type: 1,
    message: contentMessages.notify.articlePublished(escapeHtml(article.title)),
    toId: article.id,
  });
}
