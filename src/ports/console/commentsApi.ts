import type { CommentDeleted, CommentStatus } from '../../domain/comments/comments';
import type {
  CommentSettings,
  ReviewAction,
  ReviewComment,
  ReviewPage,
  ReviewQuery,
} from '../../domain/console/comments/reviewQueue';

/**
 * The console's comment moderation. Every call rejects with the server's Chinese message; one the HTTP
 * client already showed (401, 403, 500…) rejects with a ReportedError.
 */
export interface CommentsConsoleApi {
  /** Newest first, with how many each tab holds. */
  queue(query: ReviewQuery): Promise<ReviewPage>;
  /** Every comment of the commenter who wrote comment `id`, whatever its status. */
  byAuthorOf(id: number, current: number, size: number): Promise<ReviewPage>;
  setStatus(id: number, status: CommentStatus): Promise<ReviewComment>;
  /** Answers how many comments the action changed. */
  batch(ids: number[], action: ReviewAction): Promise<number>;
  delete(id: number): Promise<CommentDeleted>;
  settings(): Promise<CommentSettings>;
  saveSettings(settings: CommentSettings): Promise<CommentSettings>;
}
