import { Type, type Static } from 'typebox';
import { CommentRefDto, CommentStatus, CommentTargetType } from '../comments';

/*
 * Wire contract of the console's comment moderation (issue 22): the review queue and the comment settings.
 *
 * Changes since first written (keep this list so the client side can follow):
 *   (none yet)
 *
 * Every call lives under /api/admin (administrators only: 401 for a visitor, 403 for a user), writes need the
 * X-Requested-With marker, and every answer is the envelope `{ code, result, message }`. Path ids are
 * positive integers (else 400); an unknown comment is a 404; a broken rule is a 400 with a Chinese message
 * (catalogue section `zhCN.commentsServer`). Deleted comments are not in the queue.
 *
 *   GET    /api/admin/comments?status&keyword&current&size → ConsoleCommentPageDto (newest first)
 *   GET    /api/admin/comments/{id}/author?current&size    → ConsoleCommentPageDto: every comment of the
 *          same commenter as comment {id}, every status, newest first (a user: by account; a visitor: by
 *          email when one was given, else by nickname among visitors)
 *   PUT    /api/admin/comments/{id}/status body ConsoleCommentStatusBody → ConsoleCommentDto (approve,
 *          mark as spam, or back to pending; approving tells those the comment concerns, as a new comment does)
 *   POST   /api/admin/comments/batch       body ConsoleCommentBatchBody  → ConsoleCommentBatchDto
 *   DELETE /api/admin/comments/{id}        → CommentDeletedDto (same as the reader's delete: a top-level
 *          comment with shown replies stays as 该评论已删除)
 *   GET    /api/admin/comments/settings    → CommentSettingsDto
 *   PUT    /api/admin/comments/settings    body CommentSettingsDto → CommentSettingsDto
 */

/** Search keyword of the queue (text, nickname or email), at most this many characters. */
export const MAX_CONSOLE_COMMENT_KEYWORD_LENGTH = 50;
/** Keywords the administrator may list, and the longest one. */
export const MAX_COMMENT_KEYWORDS = 500;
export const MAX_COMMENT_KEYWORD_LENGTH = 50;
/** Comments one batch may name. */
export const MAX_COMMENT_BATCH = 100;

export const ConsoleCommentListQuery = Type.Object({
  /** Absent: 'pending' (the queue opens on 待审核). */
  status: Type.Optional(CommentStatus),
  /** Part of the text, the nickname or the email (ASCII letters case-insensitive; % _ are literal). */
  keyword: Type.Optional(Type.String()),
  /** Page from 1 (default 1). */
  current: Type.Optional(Type.Integer()),
  /** 1–100 rows a page (default 20). */
  size: Type.Optional(Type.Integer()),
});
export type ConsoleCommentListQuery = Static<typeof ConsoleCommentListQuery>;

export const ConsoleCommentPageQuery = Type.Object({
  current: Type.Optional(Type.Integer()),
  size: Type.Optional(Type.Integer()),
});
export type ConsoleCommentPageQuery = Static<typeof ConsoleCommentPageQuery>;

/** What the comment is on, with a title to show and a link to open. */
export const ConsoleCommentTargetDto = Type.Object({
  type: CommentTargetType,
  id: Type.Integer(),
  /** The article's title, or the start of the talk's text (plain). */
  title: Type.String(),
  /** The reader's address of the article or talk (e.g. `/article?id=3`), '' when it is not public. */
  url: Type.String(),
});
export type ConsoleCommentTargetDto = Static<typeof ConsoleCommentTargetDto>;

export const ConsoleCommentAuthorDto = Type.Object({
  userId: Type.Union([Type.Integer(), Type.Null()]),
  nickName: Type.String(),
  avatar: Type.String(),
  /** The visitor's email or the user's account email, '' for none. */
  email: Type.String(),
  site: Type.String(),
  admin: Type.Boolean(),
});
export type ConsoleCommentAuthorDto = Static<typeof ConsoleCommentAuthorDto>;

export const ConsoleCommentDto = Type.Object({
  id: Type.Integer(),
  target: ConsoleCommentTargetDto,
  /** The top-level comment of its thread; null when it is one. */
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  replyTo: Type.Union([CommentRefDto, Type.Null()]),
  author: ConsoleCommentAuthorDto,
  /** Markdown source. */
  content: Type.String(),
  /** Rendered, sanitised HTML. */
  html: Type.String(),
  status: CommentStatus,
  likes: Type.Integer(),
  /** Keywords of the administrator's list the text contains (why it waits), [] for none. */
  matchedKeywords: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type ConsoleCommentDto = Static<typeof ConsoleCommentDto>;

/** How many comments each tab holds (not deleted), whatever the keyword. */
export const ConsoleCommentCountsDto = Type.Object({
  pending: Type.Integer(),
  approved: Type.Integer(),
  spam: Type.Integer(),
});
export type ConsoleCommentCountsDto = Static<typeof ConsoleCommentCountsDto>;

export const ConsoleCommentPageDto = Type.Object({
  list: Type.Array(ConsoleCommentDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
  counts: ConsoleCommentCountsDto,
});
export type ConsoleCommentPageDto = Static<typeof ConsoleCommentPageDto>;

export const ConsoleCommentStatusBody = Type.Object({ status: CommentStatus });
export type ConsoleCommentStatusBody = Static<typeof ConsoleCommentStatusBody>;

export const ConsoleCommentBatchAction = Type.Union([
  Type.Literal('approve'),
  Type.Literal('spam'),
  Type.Literal('delete'),
]);
export type ConsoleCommentBatchAction = Static<typeof ConsoleCommentBatchAction>;

export const ConsoleCommentBatchBody = Type.Object({
  /** 1–100 comment ids; unknown or already deleted ones are skipped. */
  ids: Type.Array(Type.Integer()),
  action: ConsoleCommentBatchAction,
});
export type ConsoleCommentBatchBody = Static<typeof ConsoleCommentBatchBody>;

export const ConsoleCommentBatchDto = Type.Object({
  /** Comments the action changed. */
  done: Type.Integer(),
});
export type ConsoleCommentBatchDto = Static<typeof ConsoleCommentBatchDto>;

export const CommentSettingsDto = Type.Object({
  /** Visitors (not signed in) may comment, with a nickname; their comments wait for review. Off by default. */
  visitorsMayComment: Type.Boolean(),
  /**
   * Words whose presence in a comment (ASCII letters case-insensitive) makes it wait for review instead of
   * showing; up to 500, each 1–50 characters after trimming; duplicates and blanks are dropped.
   */
  keywords: Type.Array(Type.String()),
});
export type CommentSettingsDto = Static<typeof CommentSettingsDto>;
