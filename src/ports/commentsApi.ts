import type {
  Comment,
  CommentDeleted,
  CommentDraft,
  CommentOrder,
  CommentPage,
  CommentTarget,
  LikeState,
  ReplyPage,
} from '../domain/comments/comments';

/** Comments under articles and talks, and talk likes (issue 22). */
export interface CommentsApi {
  /** A page of top-level threads; `cursor` is the previous page's `nextCursor` (null: the first page). */
  page(target: CommentTarget, order: CommentOrder, cursor: number | null): Promise<CommentPage>;
  /** Replies of a top-level comment after reply `cursor` (null: from the first). */
  replies(id: number, cursor: number | null): Promise<ReplyPage>;
  post(target: CommentTarget, draft: CommentDraft): Promise<Comment>;
  delete(id: number): Promise<CommentDeleted>;
  /** Sets or takes back the reader's like. */
  like(id: number, liked: boolean): Promise<LikeState>;
  likeTalk(id: number, liked: boolean): Promise<LikeState>;
  /** The reader's likes of these talks (for the talk cards). */
  talkLikes(ids: number[]): Promise<Map<number, LikeState>>;
}
