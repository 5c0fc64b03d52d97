import type { OnlineUser } from '../../domain/chat/chatMessage';
import type { ChatEvent, ChatHub } from '../../ports/chatHub';

/** One instance: events go straight to this process's listeners, in order; presence is this process's. */
export class MemoryChatHub implements ChatHub {
  private readonly listeners = new Set<(event: ChatEvent) => void>();
  private presence: OnlineUser[] = [];

  async publish(event: ChatEvent): Promise<void> {
    for (const listener of [...this.listeners]) listener(event);
  }

  subscribe(listener: (event: ChatEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async setLocalPresence(users: OnlineUser[]): Promise<void> {
    this.presence = [...users];
  }

  async onlineUsers(): Promise<OnlineUser[]> {
    return [...this.presence];
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
