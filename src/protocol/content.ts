import { Type, type Static } from 'typebox';

/*
 * Wire contract of the blog's reading pages (articles, search, categories, tags, albums, talks, friend
 * links, resources, sites, the message board) and the discoverability documents.
 *
 * Every call answers the envelope `{ code, result, message }` (see envelope.ts); the `result` of each call
 * is named below. Field names follow the spec where it names them (`id`, `article_title`,
 * `article_content`, `tag_id`, `category_id`, `current`, `size`); everything else is camelCase.
 * Dates are ISO-8601 strings. Path parameters are positive integers; a non-numeric or unknown id is a
 * 400 / 404 with a Chinese message. Every page is `current`/`page` from 1 and `size` 1–999 (else 400).
 * Writes need the signed-in session (401 otherwise) and the X-Requested-With marker. Server texts live
 * in the catalogue section `zhCN.contentServer`.
 *
 * Articles (only public articles are ever listed, searched or read; drafts and hidden ones answer 404):
 *   GET  /api/article/blogHomeGetArticleList/{page}/{size}    → ArticlePageDto   (pinned first, then newest; size 1–999)
 *   GET  /api/article/blogTimelineGetArticleList/{page}/{size} → TimelinePageDto (newest first, grouped by year)
 *   POST /api/article/getArticleListByTagId      body ArticlesByTagBody      → FilteredArticlePageDto
 *   POST /api/article/getArticleListByCategoryId body ArticlesByCategoryBody → FilteredArticlePageDto
 *   GET  /api/article/getRecommendArticleById/{id} → RecommendDto (previous = older, next = newer, ≤ 6 related)
 *   GET  /api/article/getArticleById/{id}          → ArticleDetailDto (counts one view; `views` includes it)
 *   GET  /api/article/getHotArticle                → HotArticleDto[] (five, most viewed first)
 *   GET  /api/article/getArticleListByContent/{keyword} → SearchResultDto[] (keyword 1–50 characters, URL-encoded;
 *        substring of title or Markdown body, ASCII letters case-insensitive, everything else exact, so
 *        % _ ' " * are literal; title hits first, then views; at most SEARCH_RESULT_LIMIT results)
 *   PUT  /api/article/addReadingDuration/{articleId}/{duration} → ReadingDurationDto (duration 1–7200 seconds)
 *   PUT  /api/article/like/{id}                    → ArticleLikesDto (anyone; one like per call)
 *
 * Taxonomy and site facts:
 *   GET  /api/category/getAll   → CategoryDto[] (those with public articles; most articles first)
 *   GET  /api/tag/getAll        → TagDto[]      (those with public articles; most articles first)
 *   GET  /api/statistic/facts   → SiteFactsDto  (author card counts and site facts)
 *
 * Albums and photos:
 *   GET  /api/photoAlbum/getAll                        → AlbumDto[]
 *   GET  /api/photo/getPhotoListByAlbumId/{albumId}/{page}/{size} → PhotoPageDto
 *
 * Talks (说说):
 *   GET  /api/talk/blogGetTalkList/{page}/{size} → TalkPageDto (pinned first, then newest)
 *   GET  /api/talk/getTalkById/{id}              → TalkDto
 *   POST /api/talk/add     body TalkPublishBody → TalkDto (administrator; every user is notified, type 2)
 *
 * Friend links:
 *   GET  /api/links/getAll              → FriendLinkDto[] (approved only)
 *   POST /api/links/apply  body FriendLinkApplyBody → FriendLinkApplicationDto (signed in; status 'pending')
 *   GET  /api/links/getPending          → FriendLinkApplicationDto[] (administrator)
 *   PUT  /api/links/review/{id} body FriendLinkReviewBody → FriendLinkApplicationDto (administrator)
 *
 * Resources and sites:
 *   GET  /api/resources/getAll/{side}   → ResourceGroupDto[] (side 'front' | 'back'; grouped by kind)
 *   GET  /api/siteList/getAll           → SiteGroupDto[] (grouped by kind)
 *
 * Message board:
 *   POST   /api/message/getMessageList body MessageListBody → MessagePageDto (newest first; `userId` filters)
 *   GET    /api/message/getMessageById/{id}                 → MessageDto
 *   POST   /api/message/add        body MessagePublishBody  → MessageDto (signed in)
 *   PUT    /api/message/update/{id} body MessageEditBody    → MessageDto (author or administrator)
 *   DELETE /api/message/delete/{id}                         → null       (author or administrator)
 *   PUT    /api/message/like/{id}                           → MessageLikeDto (signed in; toggles the like)
 *   GET    /api/message/getReplies/{id}                     → MessageReplyDto[] (oldest first)
 *   POST   /api/message/reply/{id}  body MessageReplyBody   → MessageReplyDto (signed in; tells the post's author, type 3)
 *   DELETE /api/message/deleteReply/{replyId}               → null (reply author, post author or administrator)
 *
 * Discoverability (plain documents, not envelopes): GET /rss.xml (RSS 2.0, 20 newest public articles),
 * GET /sitemap.xml, GET /robots.txt (unless the built client ships one); the HTML for /article?id= of a
 * public article carries its <title>, description, canonical link and Open Graph tags.
 */

export const MAX_PAGE_SIZE = 999;
export const MAX_SEARCH_KEYWORD_LENGTH = 50;
export const SEARCH_RESULT_LIMIT = 20;
export const HOT_ARTICLE_COUNT = 5;
export const RELATED_ARTICLE_LIMIT = 6;
export const MAX_READING_DURATION_SECONDS = 7200;
export const MAX_MESSAGE_LENGTH = 500;
export const MAX_REPLY_LENGTH = 300;
export const MAX_TALK_IMAGES = 9;
export const MAX_TALK_LENGTH = 1000;

const page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  Type.Object({
    list: Type.Array(item),
    /** Number of matching items over all pages. */
    total: Type.Integer(),
    current: Type.Integer(),
    size: Type.Integer(),
  });

export const NamedRefDto = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedRefDto = Static<typeof NamedRefDto>;

/** An article as it appears in lists (home cards, category and tag lists). */
export const ArticleListItemDto = Type.Object({
  id: Type.Integer(),
  article_title: Type.String(),
  /** Plain-text summary: front-matter description, else the start of the body without Markdown. */
  summary: Type.String(),
  /** Image URL, '' when the article has none. */
  cover: Type.String(),
  category: Type.Union([NamedRefDto, Type.Null()]),
  tags: Type.Array(NamedRefDto),
  pinned: Type.Boolean(),
  views: Type.Integer(),
  likes: Type.Integer(),
  /** Approved, not deleted comments (top-level and replies). */
  comment_count: Type.Integer(),
  /** Characters of body text (Markdown syntax excluded), for "字数". */
  wordCount: Type.Integer(),
  /** Estimated minutes to read (at least 1), for "阅读时长". */
  readingMinutes: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ArticleListItemDto = Static<typeof ArticleListItemDto>;

export const ArticlePageDto = page(ArticleListItemDto);
export type ArticlePageDto = Static<typeof ArticlePageDto>;

/** Tag or category pages: the page plus the name of what it is filtered by. */
export const FilteredArticlePageDto = Type.Object({
  list: Type.Array(ArticleListItemDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
  name: Type.String(),
});
export type FilteredArticlePageDto = Static<typeof FilteredArticlePageDto>;

export const ArticleDetailDto = Type.Object({
  ...ArticleListItemDto.properties,
  /** The Markdown body (image links already point at /media/…). */
  article_content: Type.String(),
  /** Total seconds readers have spent on the article. */
  readingDuration: Type.Integer(),
});
export type ArticleDetailDto = Static<typeof ArticleDetailDto>;

export const TimelineItemDto = Type.Object({
  id: Type.Integer(),
  article_title: Type.String(),
  cover: Type.String(),
  createdAt: Type.String(),
});
export type TimelineItemDto = Static<typeof TimelineItemDto>;

export const TimelineYearDto = Type.Object({ year: Type.Integer(), articles: Type.Array(TimelineItemDto) });
export type TimelineYearDto = Static<typeof TimelineYearDto>;

/** A page of the timeline: `list` holds this page's articles grouped by year (newest year first). */
export const TimelinePageDto = page(TimelineYearDto);
export type TimelinePageDto = Static<typeof TimelinePageDto>;

/* Request bodies carry types only: ranges (ids and pages from 1, size 1–999) are checked by the server,
   which answers a range error with a specific Chinese message. */
export const ArticlesByTagBody = Type.Object({
  tag_id: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type ArticlesByTagBody = Static<typeof ArticlesByTagBody>;

export const ArticlesByCategoryBody = Type.Object({
  category_id: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type ArticlesByCategoryBody = Static<typeof ArticlesByCategoryBody>;

export const ArticleLinkDto = Type.Object({
  id: Type.Integer(),
  article_title: Type.String(),
  cover: Type.String(),
  createdAt: Type.String(),
});
export type ArticleLinkDto = Static<typeof ArticleLinkDto>;

export const RecommendDto = Type.Object({
  /** The next older public article, if any. */
  previous: Type.Union([ArticleLinkDto, Type.Null()]),
  /** The next newer public article, if any. */
  next: Type.Union([ArticleLinkDto, Type.Null()]),
  /** Up to six other public articles sharing the most tags (ties: newer first). */
  related: Type.Array(ArticleLinkDto),
});
export type RecommendDto = Static<typeof RecommendDto>;

export const HotArticleDto = Type.Object({
  id: Type.Integer(),
  article_title: Type.String(),
  views: Type.Integer(),
  /** Approved, not deleted comments. */
  comment_count: Type.Integer(),
});
export type HotArticleDto = Static<typeof HotArticleDto>;

/**
 * One search hit. `article_content` is `before + match + after` when the body matches (a fragment of
 * the Markdown body with line breaks turned into spaces), else the start of the body; the UI highlights
 * `match` inside it. `titleMatch` tells whether the keyword is in the title (those hits come first).
 */
export const SearchResultDto = Type.Object({
  id: Type.Integer(),
  article_title: Type.String(),
  article_content: Type.String(),
  titleMatch: Type.Boolean(),
  /** Text before the match in the body fragment ('' when the body does not match). */
  before: Type.String(),
  /** The matched text exactly as it appears in the body ('' when only the title matches). */
  match: Type.String(),
  /** The rest of the fragment after the match (or the start of the body when only the title matches). */
  after: Type.String(),
  views: Type.Integer(),
});
export type SearchResultDto = Static<typeof SearchResultDto>;

export const ReadingDurationDto = Type.Object({ readingDuration: Type.Integer() });
export type ReadingDurationDto = Static<typeof ReadingDurationDto>;

export const ArticleLikesDto = Type.Object({ likes: Type.Integer() });
export type ArticleLikesDto = Static<typeof ArticleLikesDto>;

export const CategoryDto = Type.Object({ id: Type.Integer(), name: Type.String(), articleCount: Type.Integer() });
export type CategoryDto = Static<typeof CategoryDto>;

export const TagDto = Type.Object({ id: Type.Integer(), name: Type.String(), articleCount: Type.Integer() });
export type TagDto = Static<typeof TagDto>;

/** Author card and site facts of the home side column. */
export const SiteFactsDto = Type.Object({
  articleCount: Type.Integer(),
  categoryCount: Type.Integer(),
  tagCount: Type.Integer(),
  talkCount: Type.Integer(),
  /** Site views (the same counter as /api/config/addView). */
  viewCount: Type.Integer(),
  /** The site's start date (site config `since`), for "已运行 N 天". */
  since: Type.String(),
  /** Newest update among public articles, '' when there are none. */
  lastUpdate: Type.String(),
});
export type SiteFactsDto = Static<typeof SiteFactsDto>;

export const AlbumDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  cover: Type.String(),
  photoCount: Type.Integer(),
  createdAt: Type.String(),
});
export type AlbumDto = Static<typeof AlbumDto>;

export const PhotoDto = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  /** Pixel size when known (0 otherwise), so the masonry grid can reserve space. */
  width: Type.Integer(),
  height: Type.Integer(),
});
export type PhotoDto = Static<typeof PhotoDto>;

export const PhotoPageDto = Type.Object({
  album: AlbumDto,
  list: Type.Array(PhotoDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type PhotoPageDto = Static<typeof PhotoPageDto>;

export const TalkDto = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  /** Up to nine image URLs. */
  images: Type.Array(Type.String()),
  pinned: Type.Boolean(),
  likes: Type.Integer(),
  /** Approved, not deleted comments (top-level and replies). */
  comment_count: Type.Integer(),
  createdAt: Type.String(),
});
export type TalkDto = Static<typeof TalkDto>;

export const TalkPageDto = page(TalkDto);
export type TalkPageDto = Static<typeof TalkPageDto>;

export const TalkPublishBody = Type.Object({
  content: Type.String(),
  /** Up to nine image URLs (/media/… uploads of this site only). */
  images: Type.Array(Type.String()),
  pinned: Type.Boolean(),
});
export type TalkPublishBody = Static<typeof TalkPublishBody>;

export const FriendLinkDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  avatar: Type.String(),
});
export type FriendLinkDto = Static<typeof FriendLinkDto>;

export const FriendLinkApplyBody = Type.Object({
  /** 1–30 characters. */
  name: Type.String(),
  /** Up to 100 characters. */
  description: Type.String(),
  /** http(s) address of the site, up to 255 characters. */
  url: Type.String(),
  /** /media/… address of an uploaded avatar, '' for none. */
  avatar: Type.String(),
});
export type FriendLinkApplyBody = Static<typeof FriendLinkApplyBody>;

export const FriendLinkStatus = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);
export type FriendLinkStatus = Static<typeof FriendLinkStatus>;

export const FriendLinkApplicationDto = Type.Object({
  ...FriendLinkDto.properties,
  status: FriendLinkStatus,
  /** The applicant, null for links the blogger added. */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});
export type FriendLinkApplicationDto = Static<typeof FriendLinkApplicationDto>;

export const FriendLinkReviewBody = Type.Object({ approved: Type.Boolean() });
export type FriendLinkReviewBody = Static<typeof FriendLinkReviewBody>;

export const ResourceSide = Type.Union([Type.Literal('front'), Type.Literal('back')]);
export type ResourceSide = Static<typeof ResourceSide>;

export const ResourceDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  cover: Type.String(),
});
export type ResourceDto = Static<typeof ResourceDto>;

export const ResourceGroupDto = Type.Object({ kind: Type.String(), list: Type.Array(ResourceDto) });
export type ResourceGroupDto = Static<typeof ResourceGroupDto>;

export const SiteDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  url: Type.String(),
  icon: Type.String(),
});
export type SiteDto = Static<typeof SiteDto>;

export const SiteGroupDto = Type.Object({ kind: Type.String(), list: Type.Array(SiteDto) });
export type SiteGroupDto = Static<typeof SiteGroupDto>;

export const MessageAuthorDto = Type.Object({
  /** The registered author, null for a post signed only with a nickname (demo content). */
  userId: Type.Union([Type.Integer(), Type.Null()]),
  nickName: Type.String(),
  avatar: Type.String(),
});
export type MessageAuthorDto = Static<typeof MessageAuthorDto>;

export const MessageDto = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  /** Card colour `#rrggbb`, '' when the card uses a background image or the default. */
  color: Type.String(),
  /** Background image URL, '' for none. */
  bgImage: Type.String(),
  author: MessageAuthorDto,
  likes: Type.Integer(),
  /** Whether the signed-in reader likes it (false for visitors). */
  liked: Type.Boolean(),
  replyCount: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type MessageDto = Static<typeof MessageDto>;

export const MessagePageDto = page(MessageDto);
export type MessagePageDto = Static<typeof MessagePageDto>;

export const MessageListBody = Type.Object({
  current: Type.Integer(),
  size: Type.Integer(),
  /** Only this user's posts (the personal centre). */
  userId: Type.Optional(Type.Integer()),
});
export type MessageListBody = Static<typeof MessageListBody>;

export const MessagePublishBody = Type.Object({
  /** 1–500 characters after trimming. */
  content: Type.String(),
  /** `#rrggbb` or ''. */
  color: Type.String(),
  /** /media/… upload of this site, or ''. */
  bgImage: Type.String(),
});
export type MessagePublishBody = Static<typeof MessagePublishBody>;

export const MessageEditBody = MessagePublishBody;
export type MessageEditBody = MessagePublishBody;

export const MessageLikeDto = Type.Object({ likes: Type.Integer(), liked: Type.Boolean() });
export type MessageLikeDto = Static<typeof MessageLikeDto>;

export const MessageReplyDto = Type.Object({
  id: Type.Integer(),
  messageId: Type.Integer(),
  content: Type.String(),
  author: MessageAuthorDto,
  createdAt: Type.String(),
});
export type MessageReplyDto = Static<typeof MessageReplyDto>;

export const MessageReplyBody = Type.Object({
  /** 1–300 characters after trimming. */
  content: Type.String(),
});
export type MessageReplyBody = Static<typeof MessageReplyBody>;
