import { Type, type Static } from 'typebox';
import { articlePath } from './routes';

/*
 * Wire contract of comments on articles and talks (issue 22), and of talk likes.
 *
 * Changes since first written (keep this list so the client side can follow):
 *   - CommentPageDto has no `total`: threads are paged by cursor (`nextCursor` null: no more); `count` is the
 *     number to show. `commentPath` gives the address a reply email links to (`#comment-<id>`).
 *   - content.ts, notify.ts, account.ts gained the fields listed under "Fields added elsewhere".
 *   - Server rendering: `ContentServices.comments.firstPage(target, viewer)` (server/domain/comments) answers
 *     the first page exactly as GET /api/comment/list does, for the page seed.
 *
 * Every call answers the envelope `{ code, result, message }`; the `result` of each call is named below.
 * Writes need the X-Requested-With marker. Dates are ISO-8601 instants. Bodies and queries carry types only:
 * the server checks ranges and answers a broken rule with HTTP 400 and a Chinese message (catalogue section
 * `zhCN.commentsServer`). A comment for an article that is not public (draft, hidden, in the 回收站, gone) or
 * a hidden or missing talk answers 404 with a Chinese message; so does an unknown comment id.
 *
 *   GET    /api/comment/list?type&id&order&cursor → CommentPageDto
 *          Top-level comments of one article or talk, COMMENT_PAGE_SIZE a page, `order` 'newest' (default)
 *          or 'oldest'. `cursor` absent: the first page; else the `nextCursor` of the page before (keyset
 *          paging: a comment posted meanwhile never shifts a later page). Each thread carries its first
 *          FIRST_REPLIES replies (oldest first) and its reply count.
 *   GET    /api/comment/replies/{id}?cursor → CommentReplyPageDto
 *          Replies of top-level comment {id}, oldest first, REPLY_PAGE_SIZE a page, `cursor` as above
 *          (to show "查看全部 N 条回复", ask with cursor = the id of the last reply already shown).
 *   POST   /api/comment/add   body CommentPostBody → CommentDto
 *          Signed-in users: approved at once (unless the text matches the administrator's keyword list:
 *          then 'pending'). Visitors: only when the administrator allows it (`visitorsMayComment`), with a
 *          nickname, and always 'pending' until approved; else 401. A 'pending' comment is shown to nobody
 *          but the console: the answer is the only copy the poster gets (the client keeps it on screen with
 *          a 待审核 note). Refusals with a Chinese message: 400 bad text (empty, over MAX_COMMENT_LENGTH,
 *          more than MAX_COMMENT_LINKS links, bad nickname / email / site), 429 more than
 *          COMMENT_RATE_LIMIT comments a minute per user and per address, or the same text twice within a
 *          minute; 404 target or answered comment gone (or not shown); 400 an answered comment of
 *          another article or talk.
 *   DELETE /api/comment/delete/{id} → CommentDeletedDto
 *          The author (signed-in) or the administrator; else 403 (401 for a visitor). A top-level comment
 *          with shown replies stays in place as 该评论已删除 (`deleted: true`, text and author blanked);
 *          otherwise it is gone from every list.
 *   PUT    /api/comment/like/{id}  body LikeBody → LikeStateDto
 *          Sets the caller's like (liked true) or takes it back (false); repeating is harmless.
 *   PUT    /api/talk/like/{id}     body LikeBody → LikeStateDto   (talks, same rule)
 *   POST   /api/talk/likeState     body TalkLikeStateBody → TalkLikeStateDto[] (the caller's likes of the
 *          given talks, for the talk cards; ids not shown are left out)
 *   GET    /api/comment/unsubscribe?token → a small Chinese HTML page (not an envelope): the link in a reply
 *          email; switches the address's 邮件提醒 off without signing in (a signed token). A bad or stale
 *          token answers the same kind of page saying so (HTTP 400).
 *
 * Who likes: a signed-in user is one liker. A visitor has no account and no cookie is set for this: a
 * visitor is one liker per day, known by a keyed hash of (day, client address, user agent) whose key never
 * leaves the server; the address itself is never stored. So a visitor may like once a day per browser and
 * network, and `liked` is true for the same visitor on the same day.
 *
 * Text: up to MAX_COMMENT_LENGTH characters counted as code points (an emoji is one), in a small Markdown
 * subset: **bold**, *italic*, `inline code`, fenced or indented code blocks, [links](https://…) and bare
 * http(s) addresses, line breaks kept. Emoji are the chat room's: Unicode characters the picker inserts as
 * text (src/ui/features/chat/emoji.ts), so they need no markup. Nothing else: raw HTML stays text, images,
 * headings, lists, quotes and tables stay their plain source. The server renders `html` (markdown-it with
 * html off and only those rules, then sanitize-html); links are http(s)/mailto only and carry
 * `rel="nofollow ugc noopener"` and `target="_blank"`. The client may insert `html` as it is (DOMPurify
 * again if it likes).
 *
 * Fields added elsewhere for comments:
 *   content.ts  `comment_count` (approved, not deleted, top-level and replies) on ArticleListItemDto (so also
 *               ArticleDetailDto), HotArticleDto and TalkDto;
 *   notify.ts   NotifyItemDto `comment_id`: the comment a type-1/2 notification is about (null otherwise);
 *   account.ts  UserInfoDto `email` and `email_notify` (told only to the owner) and the same two optional
 *               fields of UpdateOwnUserInfoBody (PUT /api/user/updateOwnUserInfo): `email` '' removes it,
 *               an address that is not one is a 400; `email_notify` is 邮件提醒 (replies by email, only
 *               with an email set and SMTP configured on the server).
 *
 * Notifications: a reply tells the answered comment's author, a new comment tells the author of the
 * article or talk (the administrator), and the administrator hears of every new comment and of every one
 * waiting for review. Type 1 with `to_id` = the article id, type 2 with `to_id` = the talk id; the
 * notification's `comment_id` (see notify.ts) is the comment to scroll to. Text is plain (names escaped).
 */

/**
 * Where a comment is read: its article's or talk's page with `#comment-<id>` (used by the reply email; the
 * page scrolls to that comment and highlights it, as it does when a notification is opened).
 */
export function commentPath(targetType: 'article' | 'talk', targetId: number, commentId: number): string {
  return `${targetType === 'article' ? articlePath(targetId) : `/talk?id=${targetId}`}#comment-${commentId}`;
}

/** Longest comment, in code points. */
export const MAX_COMMENT_LENGTH = 1000;
/** Links (Markdown links and bare addresses) a comment may hold. */
export const MAX_COMMENT_LINKS = 3;
/** Top-level comments a page. */
export const COMMENT_PAGE_SIZE = 10;
/** Replies a page of /api/comment/replies. */
export const REPLY_PAGE_SIZE = 10;
/** Replies that come with each top-level comment. */
export const FIRST_REPLIES = 3;
/** Comments a user or an address may post a minute. */
export const COMMENT_RATE_LIMIT = 5;
/** A visitor's nickname: 1–20 characters after trimming. */
export const MAX_COMMENT_NICKNAME_LENGTH = 20;
/** A visitor's email and site: at most this many characters each ('' for none). */
export const MAX_COMMENT_EMAIL_LENGTH = 100;
export const MAX_COMMENT_SITE_LENGTH = 200;
/** Talks a /api/talk/likeState call may ask about. */
export const MAX_LIKE_STATE_IDS = 50;

/** What a comment is on. */
export const CommentTargetType = Type.Union([Type.Literal('article'), Type.Literal('talk')]);
export type CommentTargetType = Static<typeof CommentTargetType>;

/**
 * Where a comment stands:
 *   approved  已通过  shown under its article or talk;
 *   pending   待审核  waiting for the administrator (a visitor's comment, or a keyword matched);
 *   spam      垃圾    marked by the administrator, shown to nobody.
 */
export const CommentStatus = Type.Union([Type.Literal('approved'), Type.Literal('pending'), Type.Literal('spam')]);
export type CommentStatus = Static<typeof CommentStatus>;

export const COMMENT_STATUSES: readonly CommentStatus[] = ['approved', 'pending', 'spam'];

export const CommentOrder = Type.Union([Type.Literal('newest'), Type.Literal('oldest')]);
export type CommentOrder = Static<typeof CommentOrder>;

export const CommentAuthorDto = Type.Object({
  /** The registered author; null for a visitor (and for a comment whose author is blanked by deletion). */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  nickName: Type.String(),
  /** Avatar URL; '' for visitors and users without one (the client draws its default). */
  avatar: Type.String(),
  /** A visitor's http(s) site, '' for none (users: ''). The email is never shown. */
  site: Type.String(),
  /** The author is the administrator (the client shows 博主). */
  admin: Type.Boolean(),
});
export type CommentAuthorDto = Static<typeof CommentAuthorDto>;

/** The comment a reply answers, for `@昵称`. */
export const CommentRefDto = Type.Object({ id: Type.Integer(), nickName: Type.String() });
export type CommentRefDto = Static<typeof CommentRefDto>;

/** One comment, top-level or reply. */
export const CommentDto = Type.Object({
  id: Type.Integer(),
  targetType: CommentTargetType,
  targetId: Type.Integer(),
  /** The top-level comment whose thread this reply is in; null for a top-level comment. */
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  /** The reply this one answers (show `@昵称`); null for top-level comments and replies to the top-level one. */
  replyTo: Type.Union([CommentRefDto, Type.Null()]),
  author: CommentAuthorDto,
  /** The Markdown source as written; '' when deleted. */
  content: Type.String(),
  /** The rendered, sanitised HTML of `content`; '' when deleted. */
  html: Type.String(),
  status: CommentStatus,
  /** Deleted but kept in place for its replies: show 该评论已删除 (text and author are blanked). */
  deleted: Type.Boolean(),
  likes: Type.Integer(),
  /** Whether the caller likes it (a visitor: see "Who likes"). */
  liked: Type.Boolean(),
  /** Whether the caller may delete it (its signed-in author, or the administrator). */
  canDelete: Type.Boolean(),
  createdAt: Type.String(),
});
export type CommentDto = Static<typeof CommentDto>;

/** A top-level comment with the start of its thread. */
export const CommentThreadDto = Type.Object({
  ...CommentDto.properties,
  /** Shown replies in the whole thread. */
  replyCount: Type.Integer(),
  /** The first FIRST_REPLIES shown replies, oldest first. */
  replies: Type.Array(CommentDto),
});
export type CommentThreadDto = Static<typeof CommentThreadDto>;

export const CommentListQuery = Type.Object({
  type: CommentTargetType,
  /** The article's or talk's id. */
  id: Type.Integer(),
  /** 'newest' when absent. */
  order: Type.Optional(CommentOrder),
  /** The `nextCursor` of the previous page; absent for the first page. */
  cursor: Type.Optional(Type.Integer()),
});
export type CommentListQuery = Static<typeof CommentListQuery>;

export const CommentPageDto = Type.Object({
  list: Type.Array(CommentThreadDto),
  /** The target's comment count: approved, not deleted, top-level and replies (the number on its card). */
  count: Type.Integer(),
  /** Pass as `cursor` for the next page; null when this is the last. */
  nextCursor: Type.Union([Type.Integer(), Type.Null()]),
  /** The administrator lets visitors comment (then the box asks a visitor for a nickname). */
  visitorsMayComment: Type.Boolean(),
  /** The blogger closed this article's comments: the box gives way to a notice (issue 49). */
  closed: Type.Boolean(),
});
export type CommentPageDto = Static<typeof CommentPageDto>;

export const CommentIdParams = Type.Object({ id: Type.Integer() });
export type CommentIdParams = Static<typeof CommentIdParams>;

export const CommentReplyQuery = Type.Object({
  /** The id of the last reply already shown; absent from the first reply. */
  cursor: Type.Optional(Type.Integer()),
});
export type CommentReplyQuery = Static<typeof CommentReplyQuery>;

export const CommentReplyPageDto = Type.Object({
  list: Type.Array(CommentDto),
  /** Shown replies in the thread. */
  total: Type.Integer(),
  nextCursor: Type.Union([Type.Integer(), Type.Null()]),
});
export type CommentReplyPageDto = Static<typeof CommentReplyPageDto>;

export const CommentPostBody = Type.Object({
  targetType: CommentTargetType,
  targetId: Type.Integer(),
  /** 1–1000 characters after trimming. */
  content: Type.String(),
  /** The comment answered (top-level or reply of the same target); absent for a new top-level comment. */
  replyTo: Type.Optional(Type.Integer()),
  /** Visitors only (ignored for users): 1–20 characters. */
  nickName: Type.Optional(Type.String()),
  /** Visitors only: '' or an email address (never shown; lets the console group a visitor's comments). */
  email: Type.Optional(Type.String()),
  /** Visitors only: '' or an http(s) address, shown as the nickname's link. */
  site: Type.Optional(Type.String()),
});
export type CommentPostBody = Static<typeof CommentPostBody>;

export const CommentDeletedDto = Type.Object({
  id: Type.Integer(),
  /** True: it stays as 该评论已删除 for its replies; false: it is gone. */
  kept: Type.Boolean(),
  /** The target's comment count after the deletion. */
  count: Type.Integer(),
});
export type CommentDeletedDto = Static<typeof CommentDeletedDto>;

export const LikeBody = Type.Object({ liked: Type.Boolean() });
export type LikeBody = Static<typeof LikeBody>;

export const LikeStateDto = Type.Object({ likes: Type.Integer(), liked: Type.Boolean() });
export type LikeStateDto = Static<typeof LikeStateDto>;

export const TalkLikeStateBody = Type.Object({
  /** 1–50 talk ids. */
  ids: Type.Array(Type.Integer()),
});
export type TalkLikeStateBody = Static<typeof TalkLikeStateBody>;

export const TalkLikeStateDto = Type.Object({ id: Type.Integer(), likes: Type.Integer(), liked: Type.Boolean() });
export type TalkLikeStateDto = Static<typeof TalkLikeStateDto>;

export const UnsubscribeQuery = Type.Object({ token: Type.String() });
export type UnsubscribeQuery = Static<typeof UnsubscribeQuery>;
