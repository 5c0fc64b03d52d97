import type { ChatBan, ChatBanEntry, ChatContentType, ChatHistoryEntry, ChatMessage, ChatSearch } from '../domain/chat/chatMessage';

export interface NewChatMessage {
  userId: number;
  content: string;
  contentType: ChatContentType;
  clientId: string;
  createdAt: string;
}

/** Chat history and bans. Reverted messages are kept as tombstones (content blanked) for replays. */
export interface ChatRepository {
  /**
   * Stores a message unless the user already has one with this client id (a unique index decides, so two
   * racing inserts store one row). Returns the stored message and whether it was already there.
   */
  insert(message: NewChatMessage): Promise<{ message: ChatMessage; duplicate: boolean }>;
  findByClientId(userId: number, clientId: string): Promise<ChatMessage | undefined>;
  /** A live (not reverted) message. */
  findById(id: number): Promise<ChatMessage | undefined>;
  /** Live messages, newest first: the newest `size`, or those with an id below `beforeId`. */
  page(size: number, beforeId?: number): Promise<ChatMessage[]>;
  /** Live messages with an id above `afterId`, oldest first, at most `limit`. */
  after(afterId: number, limit: number): Promise<ChatMessage[]>;
  /** Ids of reverted messages at or below `atOrBelowId`, newest first, at most `limit`. */
  revertedAtOrBelow(atOrBelowId: number, limit: number): Promise<number[]>;
  /** Marks a live message reverted; false when there was none. */
  revert(id: number, at: string): Promise<boolean>;
  /** Deletes every message and records the newest id cleared (replays older than that start afresh). */
  clear(byUserId: number, at: string): Promise<void>;
  /** Highest message id any clear removed; 0 when the room was never cleared. */
  clearedThroughId(): Promise<number>;
  /** The user's ban, if one is recorded (it may have expired). */
  ban(userId: number): Promise<ChatBan | undefined>;
  /** Records or replaces a user's ban. */
  setBan(ban: ChatBan): Promise<void>;
  liftBan(userId: number): Promise<void>;
  /** Live messages matching the search, newest first, and how many match in all. */
  search(query: ChatSearch): Promise<{ items: ChatHistoryEntry[]; total: number }>;
  /** Bans still in force at `now` (ISO-8601), the soonest to end first. */
  activeBans(now: string): Promise<ChatBanEntry[]>;
}
