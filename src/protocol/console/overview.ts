import { Type, type Static } from 'typebox';

/*
 * Wire contract of the console's landing page, 概览 (issue 21): what the site holds, counted in the
 * database at the moment of the call.
 *
 *   GET /api/admin/overview?dayStart=<ISO instant> → OverviewDto (administrators only: 401 / 403)
 *
 * `dayStart` is when "today" began where the blogger is (the browser's local midnight), for the chat
 * messages of today; absent, the server's own midnight. Not an instant, or more than two days away from
 * now: 400 with a Chinese message.
 */

export const OVERVIEW_PATH = '/api/admin/overview';
/** How many recently edited articles the overview lists. */
export const OVERVIEW_RECENT_ARTICLES = 5;

export const OverviewQuery = Type.Object({
  dayStart: Type.Optional(Type.String()),
});
export type OverviewQuery = Static<typeof OverviewQuery>;

/** Articles by where they stand in the console (the articles list's tabs). */
export const OverviewArticleCountsDto = Type.Object({
  published: Type.Integer(),
  draft: Type.Integer(),
  /** Drafts with a publish time still ahead (定时发布). */
  scheduled: Type.Integer(),
  hidden: Type.Integer(),
  /** In the 回收站. */
  trash: Type.Integer(),
});
export type OverviewArticleCountsDto = Static<typeof OverviewArticleCountsDto>;

export const OverviewRecentArticleDto = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  status: Type.Union([
    Type.Literal('draft'),
    Type.Literal('published'),
    Type.Literal('scheduled'),
    Type.Literal('hidden'),
    Type.Literal('trash'),
  ]),
  updatedAt: Type.String(),
});
export type OverviewRecentArticleDto = Static<typeof OverviewRecentArticleDto>;

export const OverviewDto = Type.Object({
  articles: OverviewArticleCountsDto,
  talks: Type.Integer(),
  albums: Type.Integer(),
  photos: Type.Integer(),
  /** Registered accounts, administrators included. */
  users: Type.Integer(),
  /** Friend-link applications waiting for review. */
  pendingLinks: Type.Integer(),
  /** Chat messages sent since `dayStart` (reverted ones not counted). */
  chatMessagesToday: Type.Integer(),
  /** The most recently updated articles (outside the 回收站), newest first, at most OVERVIEW_RECENT_ARTICLES. */
  recentArticles: Type.Array(OverviewRecentArticleDto),
});
export type OverviewDto = Static<typeof OverviewDto>;
