import type {
  CommentOrder,
  CommentSettings,
  CommentStatus,
  CommentTarget,
  EmailSettings,
  NewComment,
  StoredComment,
  TargetInfo,
} from '../domain/comments/comment';

/** Which comments a console page lists. */
export interface CommentQueueQuery {
  status?: CommentStatus;
  /** Folded (ASCII lower case) part of the text, nickname or email. */
  keyword?: string;
  /** Every comment of this commenter instead of a status. */
  author?: CommentAuthorKey;
  offset: number;
  limit: number;
}

/** How a commenter is recognised: a user by account; a visitor by email when given, else by nickname. */
export type CommentAuthorKey = { userId: number } | { email: string } | { nickName: string };

/**
 * Comments, their likes, talk likes and the moderation settings. Every write keeps, in the same
 * transaction, what lists read instead of counting: each row's `listed` flag, a thread's reply count and
 * its target's comment count (see rules.ts: isListed, countedIn).
 */
export interface CommentRepository {
  /** A public article (status public) or a shown talk; undefined otherwise. */
  target(target: CommentTarget): Promise<TargetInfo | undefined>;
  /** The title of any article or talk, public or not (the console); undefined when gone. */
  anyTargetTitle(target: CommentTarget): Promise<{ title: string; public: boolean } | undefined>;
  find(id: number): Promise<StoredComment | undefined>;
  /** Listed top-level comments of a target, by id in `order`, after `cursor` (an id), at most `limit`. */
  threads(target: CommentTarget, order: CommentOrder, cursor: number | undefined, limit: number): Promise<StoredComment[]>;
  /** Listed replies of a thread, oldest first, after `cursor`, at most `limit`. */
  replies(target: CommentTarget, parentId: number, cursor: number | undefined, limit: number): Promise<StoredComment[]>;
  /** The first `limit` listed replies of each thread. */
  firstReplies(target: CommentTarget, parentIds: readonly number[], limit: number): Promise<Map<number, StoredComment[]>>;
  /** The ids of the comments already imported under these keys (see NewComment.importKey). */
  importedIds(keys: readonly string[]): Promise<Map<string, number>>;
  /** Stores a comment (a reply joins `parentId`'s thread); returns its id. */
  insert(comment: NewComment): Promise<number>;
  setStatus(id: number, status: CommentStatus): Promise<void>;
  /** Marks it deleted and blanks what its author wrote (text, email, site). */
  markDeleted(id: number): Promise<void>;
  /** Comments by this user, or from this address, created at or after `since` (ISO). */
  recentBy(who: { userId: number | null; addressHash: string }, since: string): Promise<{ userId: number | null; addressHash: string; content: string }[]>;
  /** The ids among `ids` that `liker` likes. */
  likedAmong(ids: readonly number[], liker: string): Promise<Set<number>>;
  /** Sets or takes back a like; returns the comment's like count after it. */
  setLike(commentId: number, liker: string, liked: boolean): Promise<number>;
  /** The same for a talk (its `likes` column counts the likes it had before this table too). */
  setTalkLike(talkId: number, liker: string, liked: boolean): Promise<number>;
  /** Like counts of shown talks among `ids`, and whether `liker` likes each. */
  talkLikes(ids: readonly number[], liker: string): Promise<{ id: number; likes: number; liked: boolean }[]>;
  /** The console: a page of comments (not deleted), newest first, and how many match. */
  queue(query: CommentQueueQuery): Promise<{ items: StoredComment[]; total: number }>;
  /** Comments (not deleted) by status. */
  statusCounts(): Promise<Record<CommentStatus, number>>;
  settings(): Promise<CommentSettings>;
  saveSettings(settings: CommentSettings): Promise<void>;
  /** The key of visitors' hashes and unsubscribe tokens, the same on every instance. */
  secret(): Promise<string>;
  /** Ids of the administrators (role 1). */
  administrators(): Promise<number[]>;
  emailSettings(userId: number): Promise<EmailSettings | undefined>;
  saveEmailSettings(userId: number, settings: EmailSettings): Promise<void>;
}
