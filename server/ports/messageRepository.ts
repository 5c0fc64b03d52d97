import type { BoardMessage, BoardReply } from '../domain/content/board';

export interface NewBoardMessage {
  content: string;
  color: string;
  bgImage: string;
  userId: number | null;
  /** The name shown when there is no account (and kept if the account goes). */
  nickName: string;
  avatar: string;
  likes: number;
  createdAt: string;
}

export interface NewBoardReply {
  messageId: number;
  userId: number;
  content: string;
  createdAt: string;
}

/** The message board. `viewerId` (the signed-in reader, if any) decides each post's `liked`. */
export interface MessageRepository {
  list(query: { offset: number; limit: number; userId?: number }, viewerId: number | null): Promise<{ items: BoardMessage[]; total: number }>;
  find(id: number, viewerId: number | null): Promise<BoardMessage | undefined>;
  add(message: NewBoardMessage): Promise<number>;
  update(id: number, change: { content: string; color: string; bgImage: string; updatedAt: string }): Promise<void>;
  remove(id: number): Promise<void>;
  /** Likes or unlikes for this user; returns the new state, or undefined when the post is gone. */
  toggleLike(id: number, userId: number): Promise<{ likes: number; liked: boolean } | undefined>;
  /** A post's replies, oldest first. */
  replies(messageId: number): Promise<BoardReply[]>;
  findReply(id: number): Promise<BoardReply | undefined>;
  /** Stores a reply; undefined when the post is gone. */
  addReply(reply: NewBoardReply): Promise<number | undefined>;
  removeReply(id: number): Promise<void>;
}
