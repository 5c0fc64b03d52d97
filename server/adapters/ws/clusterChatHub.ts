import type { OnlineUser } from '../../domain/chat/chatMessage';
import type { ChatEvent, ChatHub } from '../../ports/chatHub';
import type { WorkerLink } from '../cluster/workerLink';

/**
 * The room's fan-out between the workers of one instance without Redis: events go through the primary
 * process to every worker (this one included), in the order each worker published them; each worker's
 * share of the online list is kept by the primary and sent to every worker when it changes.
 */
export class ClusterChatHub implements ChatHub {
  private readonly listeners = new Set<(event: ChatEvent) => void>();
  private local: OnlineUser[] = [];
  private others: OnlineUser[] = [];
  private readonly stopListening: (() => void)[];

  constructor(private readonly link: WorkerLink) {
    this.stopListening = [
      link.on('blog:chat', ({ event }) => {
        for (const listener of [...this.listeners]) listener(event);
      }),
      link.on('blog:presence', ({ byWorker }) => {
        this.others = Object.entries(byWorker).flatMap(([id, users]) => (Number(id) === link.id ? [] : users));
      }),
    ];
  }

  async publish(event: ChatEvent): Promise<void> {
    this.link.send({ type: 'blog:chat', event });
  }

  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async setLocalPresence(users: OnlineUser[]): Promise<void> {
    // Kept here too: this worker's own list is current at once, before the primary's copy comes back.
    this.local = [...users];
    this.link.send({ type: 'blog:presence', users: this.local });
  }

  async onlineUsers(): Promise<OnlineUser[]> {
    const byUser = new Map<number, OnlineUser>();
    for (const user of [...this.local, ...this.others]) if (!byUser.has(user.userId)) byUser.set(user.userId, user);
    return [...byUser.values()].sort((a, b) => a.userId - b.userId);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    for (const stop of this.stopListening) stop();
    this.link.send({ type: 'blog:presence', users: [] });
    this.link.send({ type: 'blog:chat', event: { type: 'presence' } });
  }
}
