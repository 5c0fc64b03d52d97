import fastJson from 'fast-json-stringify';
import { Type, type TSchema } from 'typebox';
import {
  AlbumDto,
  ArticleDetailDto,
  ArticlePageDto,
  CategoryDto,
  FilteredArticlePageDto,
  FriendLinkDto,
  HotArticleDto,
  MessageDto,
  MessagePageDto,
  MessageReplyDto,
  PhotoPageDto,
  RecommendDto,
  ResourceGroupDto,
  SiteFactsDto,
  SiteGroupDto,
  TagDto,
  TalkDto,
  TalkPageDto,
  TimelinePageDto,
} from '../../../src/protocol/content';
import { PageHeaderListDto, SiteConfigDto } from '../../../src/protocol/site';
import { CommentPageDto } from '../../../src/protocol/comments';
import type { CommentsApi } from '../../../src/ports/commentsApi';
import type { ContentApi } from '../../../src/ports/contentApi';
import type { SiteApi } from '../../../src/ports/siteApi';
import type { CurrentUser } from '../../domain/accounts/currentUser';
import type { Viewer } from '../../domain/comments/comment';
import { AppError } from '../../domain/errors';
import { parsePage } from '../../domain/content/input';
import type { ContentServices } from '../http/routes/content';
import type { SiteService } from '../../domain/site/siteService';

/** The reading ports of the browser app, served by the server's own services for a render. */
export interface RenderPortsFor {
  siteApi: SiteApi;
  contentApi: ContentApi;
  commentsApi: CommentsApi;
}

/** The list answers' schemas, made once: a serialiser is compiled once per schema object. */
const LISTS = {
  HotArticleDto: Type.Array(HotArticleDto),
  CategoryDto: Type.Array(CategoryDto),
  TagDto: Type.Array(TagDto),
  AlbumDto: Type.Array(AlbumDto),
  FriendLinkDto: Type.Array(FriendLinkDto),
  ResourceGroupDto: Type.Array(ResourceGroupDto),
  SiteGroupDto: Type.Array(SiteGroupDto),
  MessageReplyDto: Type.Array(MessageReplyDto),
};

const serializers = new WeakMap<TSchema, (value: unknown) => string>();

/**
 * Exactly what the HTTP answer would carry: written by the same kind of schema-compiled serialiser as the API's
 * answers (fast-json-stringify), so any field a service keeps for itself is dropped and the page's embedded
 * data never holds more than the API would give the same reader. Four to seven times faster than cleaning a
 * copy with TypeBox, and a render makes a dozen of these.
 */
function wire<T>(schema: TSchema, value: unknown): T {
  let serialize = serializers.get(schema);
  if (!serialize) {
    serialize = fastJson(schema as Parameters<typeof fastJson>[0]);
    serializers.set(schema, serialize);
  }
  return JSON.parse(serialize(value)) as T;
}

/** An item that does not exist reads as null, as the browser's adapter answers a 404. */
export async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError && (error.kind === 'notFound' || error.kind === 'invalid')) return null;
    throw error;
  }
}

const onlyInTheBrowser = () => Promise.reject(new Error('not available while the server renders a page'));

/**
 * The ports a server render reads through: the same calls as the browser's HTTP adapters, answered by the
 * services directly (no request to ourselves). Writes are never made while rendering.
 */
export interface RenderReads {
  /** Reading an article counts a view (as the page's call in the browser would); off for a shared copy. */
  countViews: boolean;
  /** An article the page shows in full. */
  shownArticle(id: number): void;
  /** A read failed (the database is away): the page is missing data. */
  failed(): void;
}

/** Each call of the port, with its failures reported (and passed on). */
function watched<T extends object>(port: T, failed: () => void): T {
  const calls = Object.entries(port).map(([name, call]) => [
    name,
    (...args: unknown[]) =>
      (call as (...args: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
        failed();
        throw error;
      }),
  ]);
  return Object.fromEntries(calls) as T;
}

export function renderPorts(
  site: SiteService,
  { articles, showcase, board, comments }: ContentServices,
  viewer: CurrentUser | null,
  commenter: Viewer,
  reads: RenderReads = { countViews: true, shownArticle: () => undefined, failed: () => undefined },
): RenderPortsFor {
  const contentApi: ContentApi = {
    homeArticles: async (page, size) => wire(ArticlePageDto, await articles.home(parsePage(page, size))),
    timeline: async (page, size) => wire(TimelinePageDto, await articles.timeline(parsePage(page, size))),
    articlesByTag: (tagId, page, size) =>
      orNull(async () => wire(FilteredArticlePageDto, await articles.byTag(tagId, parsePage(page, size)))),
    articlesByCategory: (categoryId, page, size) =>
      orNull(async () => wire(FilteredArticlePageDto, await articles.byCategory(categoryId, parsePage(page, size)))),
    article: (id) =>
      orNull(async () => {
        const article = await articles.read(String(id), { counted: reads.countViews });
        reads.shownArticle(article.id);
        return wire(ArticleDetailDto, article);
      }),
    recommendations: (id) => orNull(async () => wire(RecommendDto, await articles.recommend(String(id)))),
    hotArticles: async () => wire(LISTS.HotArticleDto, await articles.hot()),
    categories: async () => wire(LISTS.CategoryDto, await articles.categories()),
    tags: async () => wire(LISTS.TagDto, await articles.tags()),
    siteFacts: async () => wire(SiteFactsDto, await articles.facts()),
    albums: async () => wire(LISTS.AlbumDto, await showcase.albums()),
    photos: (albumId, page, size) =>
      orNull(async () => wire(PhotoPageDto, await showcase.photos(String(albumId), parsePage(page, size)))),
    talks: async (page, size) => wire(TalkPageDto, await showcase.talks(parsePage(page, size))),
    talk: (id) => orNull(async () => wire(TalkDto, await showcase.talk(String(id)))),
    friendLinks: async () => wire(LISTS.FriendLinkDto, await showcase.links()),
    resources: async (side) => wire(LISTS.ResourceGroupDto, await showcase.resources(side)),
    sites: async () => wire(LISTS.SiteGroupDto, await showcase.sites()),
    messages: async (query) =>
      wire(MessagePageDto, await board.list(parsePage(query.current, query.size), query.userId, viewer)),
    message: (id) => orNull(async () => wire(MessageDto, await board.get(String(id), viewer))),
    messageReplies: async (messageId) => wire(LISTS.MessageReplyDto, await board.replies(String(messageId))),
    search: onlyInTheBrowser,
    addReadingDuration: onlyInTheBrowser,
    likeArticle: onlyInTheBrowser,
    applyFriendLink: onlyInTheBrowser,
    pendingFriendLinks: onlyInTheBrowser,
    reviewFriendLink: onlyInTheBrowser,
    publishMessage: onlyInTheBrowser,
    editMessage: onlyInTheBrowser,
    deleteMessage: onlyInTheBrowser,
    likeMessage: onlyInTheBrowser,
    replyToMessage: onlyInTheBrowser,
    deleteMessageReply: onlyInTheBrowser,
  };
  // The first page of a thread arrives with its article or talk, as this reader would see it (their likes).
  const commentsApi: CommentsApi = {
    page: async (target, order, cursor) => {
      if (!comments) throw new Error('comments are not served');
      const query = { type: target.type, id: String(target.id), order, ...(cursor === null ? {} : { cursor: String(cursor) }) };
      return wire(CommentPageDto, await comments.page(query, commenter));
    },
    replies: onlyInTheBrowser,
    post: onlyInTheBrowser,
    delete: onlyInTheBrowser,
    like: onlyInTheBrowser,
    likeTalk: onlyInTheBrowser,
    talkLikes: onlyInTheBrowser,
  };
  const siteApi: SiteApi = {
    config: async () => wire(SiteConfigDto, await site.config()),
    pageHeaders: async () => wire(PageHeaderListDto, await site.pageHeaders()),
    homeArticles: async (page, size) => wire(ArticlePageDto, await articles.home(parsePage(page, size))),
    addView: onlyInTheBrowser,
  };
  return {
    siteApi: watched(siteApi, reads.failed),
    contentApi: watched(contentApi, reads.failed),
    commentsApi: watched(commentsApi, reads.failed),
  };
}
