import type { BoardSearch, ModeratedPost, ModeratedReply } from '../domain/moderation/board';

/** The message board as the console moderates it: every post and reply, hidden ones included. */
export interface BoardModerationRepository {
  /** Newest first, and how many match in all. */
  search(query: BoardSearch): Promise<{ items: ModeratedPost[]; total: number }>;
  find(id: number): Promise<ModeratedPost | undefined>;
  /** A post's replies, oldest first. */
  replies(messageId: number): Promise<ModeratedReply[]>;
  findReply(id: number): Promise<ModeratedReply | undefined>;
  /** False when there is no such post. */
  setHidden(id: number, hidden: boolean): Promise<boolean>;
  /** False when there is no such reply. */
  setReplyHidden(id: number, hidden: boolean): Promise<boolean>;
  /** Deletes the post with its replies and likes; false when there was none. */
  remove(id: number): Promise<boolean>;
  /** False when there was none. */
  removeReply(id: number): Promise<boolean>;
}
