// changed: ConsoleArticleRowDto gained `comments` (approved comment count), for the list's column.
import { Type, type Static } from 'typebox';
import { NamedRefDto } from '../content';

/*
 * Wire contract of the console's articles (issue 21, "Writing articles"): the list, the editor, revisions,
 * publishing and the recycle bin.
 *
 * Every call lives under /api/admin (administrators only: 401 for a visitor, 403 for a user), writes need
 * the X-Requested-With marker, and every answer is the envelope `{ code, result, message }`; the `result`
 * of each call is named below. Dates are ISO-8601 instants. Bodies carry types only: the server checks
 * ranges and answers a broken rule with HTTP 400 and a Chinese message.
 *
 *   GET    /api/admin/articles?current&size&status&keyword&categoryId&tagId → ConsoleArticlePageDto
 *   GET    /api/admin/articles/options                   → ConsoleArticleOptionsDto (the editor's pickers)
 *   POST   /api/admin/articles        body ArticleCreateBody → ConsoleArticleDto (a new draft, version 1)
 *   GET    /api/admin/articles/{id}                      → ConsoleArticleDto
 *   PUT    /api/admin/articles/{id}   body ArticleSaveBody   → ConsoleArticleDto (version + 1; a save that
 *          changes nothing answers the article as it is, same version, unless it says `supersede`)
 *   GET    /api/admin/articles/{id}/revisions            → ArticleRevisionSummaryDto[] (newest first)
 *   GET    /api/admin/articles/{id}/revisions/{version}  → ArticleRevisionDto
 *   POST   /api/admin/articles/{id}/revisions/{version}/restore body ArticleVersionBody → ConsoleArticleDto
 *          (a new save of that revision's title, body and summary: version + 1, itself a revision)
 *   POST   /api/admin/articles/{id}/publish  body ArticlePublishBody → ConsoleArticleDto
 *          (publishAt null: 已发布 now; a future time: 定时发布, published then by whichever instance is up)
 *   POST   /api/admin/articles/{id}/unpublish   → ConsoleArticleDto (back to 草稿; a schedule is dropped)
 *   POST   /api/admin/articles/{id}/hide        → ConsoleArticleDto (已发布 → 已隐藏)
 *   POST   /api/admin/articles/{id}/unhide      → ConsoleArticleDto (已隐藏 → 已发布)
 *   POST   /api/admin/articles/{id}/trash       → ConsoleArticleDto (→ 回收站, from any status)
 *   POST   /api/admin/articles/{id}/restore     → ConsoleArticleDto (回收站 → the status it had)
 *   DELETE /api/admin/articles/{id}             → null (deletes one article in the 回收站 for good)
 *   DELETE /api/admin/articles/bin              → ArticleBinEmptiedDto (empties the 回收站)
 *
 * Refusals:
 *   400  invalid input (title empty or too long, a past publish time, …), Chinese message, result null.
 *   404  no such article (or revision), result null.
 *   409  the request does not fit the article as the server has it, result = the server's ConsoleArticleDto:
 *        - a save or restore whose `version` is not the server's (another tab, another administrator, a
 *          laptop that slept): nothing is written; the editor shows both and lets the writer choose
 *          (to keep its own text, save again with the server's `version`);
 *        - a state change that does not apply (hide a draft, schedule a published article, edit, publish or
 *          delete-for-good out of turn with the 回收站).
 *   Repeating a state change that is already done (publish a published article, trash a trashed one) is
 *   not a refusal: it answers the article as it is, so a retried request is harmless.
 *
 * Publishing (now, by unhide, or at the scheduled time) sends every user the type-1 notification.
 * Versions count saves of the text (title, body, summary, cover, category, tags, pinned); state changes
 * (publish, hide, trash, …) do not change `version`.
 */

/** Title: 1–200 characters after trimming (the importer's limit). */
export const MAX_ARTICLE_TITLE_LENGTH = 200;
/** Markdown body: at most this many characters. */
export const MAX_ARTICLE_CONTENT_LENGTH = 100_000;
/** Summary: at most this many characters ('' means "the start of the body"). */
export const MAX_ARTICLE_SUMMARY_LENGTH = 500;
/** Cover address: '' (none), a /media/… upload of this site, or an http(s) address; at most this many characters. */
export const MAX_ARTICLE_COVER_LENGTH = 500;
/** Category and tag names: 1–50 characters after trimming (the importer's limit). */
export const MAX_TAXONOMY_NAME_LENGTH = 50;
/** Tags per article. */
export const MAX_ARTICLE_TAGS = 20;
/** Search keyword of the list: at most this many characters. */
export const MAX_CONSOLE_KEYWORD_LENGTH = 50;
/** Revisions kept per article (older ones are pruned as new ones are saved). */
export const KEPT_REVISIONS = 20;
/** How far ahead a publish time may be: one year. */
export const MAX_SCHEDULE_AHEAD_DAYS = 366;

/**
 * Where an article stands in the console:
 *   draft     草稿      only in the console;
 *   published 已发布    on every public list, search, feed and its address;
 *   scheduled 定时发布  a draft with a publish time (`publishAt`), published at that time;
 *   hidden    已隐藏    kept out of every public list, feed and search; its address answers not found;
 *   trash     回收站    deleted, restorable to the status it had, until the bin is emptied.
 */
export const ConsoleArticleStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('published'),
  Type.Literal('scheduled'),
  Type.Literal('hidden'),
  Type.Literal('trash'),
]);
export type ConsoleArticleStatus = Static<typeof ConsoleArticleStatus>;

export const CONSOLE_ARTICLE_STATUSES: readonly ConsoleArticleStatus[] = [
  'draft',
  'published',
  'scheduled',
  'hidden',
  'trash',
];

/**
 * The list's query string. Every field is optional; numbers arrive as text and are checked by the server.
 * `status` absent: every article not in the 回收站.
 */
export const ConsoleArticleListQuery = Type.Object({
  /** Page from 1 (default 1). */
  current: Type.Optional(Type.Integer()),
  /** 1–999 rows a page (default 10). */
  size: Type.Optional(Type.Integer()),
  status: Type.Optional(ConsoleArticleStatus),
  /** Part of the title (ASCII letters case-insensitive; % _ are literal), up to 50 characters. */
  keyword: Type.Optional(Type.String()),
  categoryId: Type.Optional(Type.Integer()),
  tagId: Type.Optional(Type.Integer()),
});
export type ConsoleArticleListQuery = Static<typeof ConsoleArticleListQuery>;

/** One row of the console's list. */
export const ConsoleArticleRowDto = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: ConsoleArticleStatus,
  category: Type.Union([NamedRefDto, Type.Null()]),
  tags: Type.Array(NamedRefDto),
  views: Type.Integer(),
  likes: Type.Integer(),
  /** Approved comments readers see under it. */
  comments: Type.Integer(),
  pinned: Type.Boolean(),
  /** Text saves so far (1 for a new draft). */
  version: Type.Integer(),
  /** The article's date (shown on the site; set to the publish time when a draft is first published). */
  createdAt: Type.String(),
  /** Last save or state change. */
  updatedAt: Type.String(),
  /** When a scheduled article goes out; null unless `status` is 'scheduled' (or it was, before the 回收站). */
  publishAt: Type.Union([Type.String(), Type.Null()]),
  /** When it went to the 回收站; null unless `status` is 'trash'. */
  deletedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ConsoleArticleRowDto = Static<typeof ConsoleArticleRowDto>;

/** How many articles each tab holds, under the same keyword, category and tag as the list (status aside). */
export const ConsoleArticleCountsDto = Type.Object({
  /** Every article not in the 回收站. */
  all: Type.Integer(),
  draft: Type.Integer(),
  published: Type.Integer(),
  scheduled: Type.Integer(),
  hidden: Type.Integer(),
  trash: Type.Integer(),
});
export type ConsoleArticleCountsDto = Static<typeof ConsoleArticleCountsDto>;

/** A page of the list: newest `updatedAt` first (the 回收站: newest `deletedAt` first). */
export const ConsoleArticlePageDto = Type.Object({
  list: Type.Array(ConsoleArticleRowDto),
  /** Rows matching every filter over all pages. */
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
  counts: ConsoleArticleCountsDto,
});
export type ConsoleArticlePageDto = Static<typeof ConsoleArticlePageDto>;

/** Every category and tag (also those without public articles), by name, for the editor's pickers. */
export const ConsoleArticleOptionsDto = Type.Object({
  categories: Type.Array(NamedRefDto),
  tags: Type.Array(NamedRefDto),
});
export type ConsoleArticleOptionsDto = Static<typeof ConsoleArticleOptionsDto>;

/** An article as the editor reads it. */
export const ConsoleArticleDto = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The Markdown body. */
  content: Type.String(),
  /** The summary as written; '' when the site shows the start of the body instead. */
  summary: Type.String(),
  /** '' or the cover's address. */
  cover: Type.String(),
  category: Type.Union([NamedRefDto, Type.Null()]),
  /** In the order written. */
  tags: Type.Array(NamedRefDto),
  pinned: Type.Boolean(),
  /** Readers may not write new comments under it (those written before stay). */
  commentsClosed: Type.Boolean(),
  status: ConsoleArticleStatus,
  /** When a scheduled article goes out; null unless scheduled (or scheduled before the 回收站). */
  publishAt: Type.Union([Type.String(), Type.Null()]),
  /** The version the next save names as its base. */
  version: Type.Integer(),
  views: Type.Integer(),
  likes: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  deletedAt: Type.Union([Type.String(), Type.Null()]),
});
export type ConsoleArticleDto = Static<typeof ConsoleArticleDto>;

/**
 * The article's category: an existing one by id, one by name (created when no category has that name,
 * else that one), or none.
 */
export const ArticleCategoryChoice = Type.Union([
  Type.Object({ id: Type.Integer() }),
  Type.Object({ name: Type.String() }),
  Type.Null(),
]);
export type ArticleCategoryChoice = Static<typeof ArticleCategoryChoice>;

/** What the editor writes. */
export const ArticleCreateBody = Type.Object({
  /** 1–200 characters after trimming. */
  title: Type.String(),
  /** Markdown, up to 100 000 characters (may be empty while drafting). */
  content: Type.String(),
  /** Up to 500 characters; '' lets the site show the start of the body. */
  summary: Type.String(),
  /** '', a /media/… upload of this site, or an http(s) address; up to 500 characters. */
  cover: Type.String(),
  category: ArticleCategoryChoice,
  /** Tag names in order (each 1–50 characters after trimming; duplicates dropped; up to 20), created when missing. */
  tags: Type.Array(Type.String()),
  pinned: Type.Boolean(),
  /** Closes the article to new comments; left out, it stays as it was (open for a new article). */
  commentsClosed: Type.Optional(Type.Boolean()),
});
export type ArticleCreateBody = Static<typeof ArticleCreateBody>;

export const ArticleSaveBody = Type.Object({
  ...ArticleCreateBody.properties,
  /** The version this text was edited from (the `version` the editor last read or saved). */
  version: Type.Integer(),
  /**
   * An earlier save of other text may still arrive on `version`: store this text as version + 1 even when the
   * server holds it already, so that late save is refused as a conflict.
   */
  supersede: Type.Optional(Type.Boolean()),
});
export type ArticleSaveBody = Static<typeof ArticleSaveBody>;

/** Restoring a revision names the version the editor has, like a save. */
export const ArticleVersionBody = Type.Object({ version: Type.Integer() });
export type ArticleVersionBody = Static<typeof ArticleVersionBody>;

export const ArticlePublishBody = Type.Object({
  /** null: publish now; else an instant in the future (at most a year ahead): 定时发布. */
  // Null first: the server's validator, trying the branches in order, would otherwise coerce null to ''.
  publishAt: Type.Union([Type.Null(), Type.String()]),
});
export type ArticlePublishBody = Static<typeof ArticlePublishBody>;

/** One kept revision, as the revision list shows it. */
export const ArticleRevisionSummaryDto = Type.Object({
  /** The article's version this save made. */
  version: Type.Integer(),
  title: Type.String(),
  /** Characters of the Markdown body. */
  size: Type.Integer(),
  createdAt: Type.String(),
});
export type ArticleRevisionSummaryDto = Static<typeof ArticleRevisionSummaryDto>;

/** One revision whole, to show its difference to the current text. */
export const ArticleRevisionDto = Type.Object({
  ...ArticleRevisionSummaryDto.properties,
  content: Type.String(),
  /** The summary as written ('' = the start of the body). */
  summary: Type.String(),
});
export type ArticleRevisionDto = Static<typeof ArticleRevisionDto>;

export const ArticleBinEmptiedDto = Type.Object({ removed: Type.Integer() });
export type ArticleBinEmptiedDto = Static<typeof ArticleBinEmptiedDto>;
