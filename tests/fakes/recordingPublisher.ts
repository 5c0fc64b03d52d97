import type { NotificationPublisher } from '../../server/ports/notificationPublisher';

type Sent =
  | { to: 'all'; type: 1 | 2; message: string; toId: number }
  | { to: number; type: 3 | 4; message: string; toId: number | null };

/** Remembers every notification instead of storing it. */
export function recordingPublisher() {
  const sent: Sent[] = [];
  const publisher = {
    async toAllUsers(notice) {
      sent.push({ to: 'all', ...notice });
    },
    async toUser(userId, notice) {
      sent.push({ to: userId, ...notice });
    },
  } satisfies NotificationPublisher;
  return { publisher, sent };
}
