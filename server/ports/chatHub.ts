import type { ChatMessage, OnlineUser } from '../domain/chat/chatMessage';

/** What happens in the room, fanned out to every server instance (the publisher's own included). */
export type ChatEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'revert'; messageId: number }
  | { type: 'clear' }
  /** Close the user's sockets with an `offline` frame and tell the room. */
  | { type: 'kick'; userId: number; nickName: string }
  /** A notice to the whole room. */
  | { type: 'notice'; reason: 'user_muted' | 'user_unmuted'; content: string }
  /** Close the user's sockets with an `offline` frame, without a word to the room: their sessions ended (only those in `sessionIds` when given). */
  | { type: 'signOut'; userId: number; sessionIds?: number[] }
  /** The user's role changed: their sockets act with the new one and are sent a fresh init. */
  | { type: 'role'; userId: number; role: number }
  /** Some instance's online users changed: recompute the list. */
  | { type: 'presence' };

/**
 * The room's fan-out between server instances: an in-process hub for one instance, Redis pub/sub for several.
 * Events from one publisher are delivered in the order published.
 */
export interface ChatHub {
  publish(event: ChatEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: ChatEvent) => void): () => void;
  /** Replaces this instance's share of the online list (kept alive by calling it again within the expiry). */
  setLocalPresence(users: OnlineUser[]): Promise<void>;
  /** Every instance's online users, one entry per user. */
  onlineUsers(): Promise<OnlineUser[]>;
  close(): Promise<void>;
}
