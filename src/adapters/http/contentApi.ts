import type {
  AlbumDto,
  ArticleDetailDto,
  ArticleLikesDto,
  ArticlePageDto,
  ArticlesByCategoryBody,
  ArticlesByTagBody,
  CategoryDto,
  FilteredArticlePageDto,
  FriendLinkApplicationDto,
  FriendLinkApplyBody,
  FriendLinkDto,
  FriendLinkReviewBody,
  HotArticleDto,
  MessageDto,
  MessageLikeDto,
  MessageListBody,
  MessagePageDto,
  MessagePublishBody,
  MessageReplyBody,
  MessageReplyDto,
  PhotoPageDto,
  RecommendDto,
  ResourceGroupDto,
  SearchResultDto,
  SiteFactsDto,
  SiteGroupDto,
  TagDto,
  TalkDto,
  TalkPageDto,
  TimelinePageDto,
} from '../../protocol/content';
import type { ContentApi } from '../../ports/contentApi';
import { ApiError } from './apiError';
import type { HttpClient } from './httpClient';

/**
 * The reading pages' calls. Each method returns the wire DTO where the port promises a domain type:
 * the two are declared separately, so a drift between them fails the type check here.
 */
export function createContentApi(http: HttpClient): ContentApi {
  const get = <T>(url: string) => http.request<T>({ method: 'GET', url });
  const post = <T>(url: string, data: unknown) => http.request<T>({ method: 'POST', url, data });
  const put = <T>(url: string, data: unknown = {}) => http.request<T>({ method: 'PUT', url, data });
  /** Reads one item by id: null (and no error notice) when the server has no such item. */
  const find = async <T>(method: 'GET' | 'POST', url: string, data?: unknown): Promise<T | null> => {
    try {
      return await http.request<T>({ method, url, data, notFoundIsAnswer: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  };

  return {
    homeArticles: (page, size) => get<ArticlePageDto>(`/api/article/blogHomeGetArticleList/${page}/${size}`),
    timeline: (page, size) => get<TimelinePageDto>(`/api/article/blogTimelineGetArticleList/${page}/${size}`),
    articlesByTag: (tagId, current, size) =>
      find<FilteredArticlePageDto>('POST', '/api/article/getArticleListByTagId', {
        tag_id: tagId,
        current,
        size,
      } satisfies ArticlesByTagBody),
    articlesByCategory: (categoryId, current, size) =>
      find<FilteredArticlePageDto>('POST', '/api/article/getArticleListByCategoryId', {
        category_id: categoryId,
        current,
        size,
      } satisfies ArticlesByCategoryBody),
    article: (id) => find<ArticleDetailDto>('GET', `/api/article/getArticleById/${id}`),
    recommendations: (id) => find<RecommendDto>('GET', `/api/article/getRecommendArticleById/${id}`),
    hotArticles: () => get<HotArticleDto[]>('/api/article/getHotArticle'),
    search: (keyword) => get<SearchResultDto[]>(`/api/article/getArticleListByContent/${encodeURIComponent(keyword)}`),
    addReadingDuration: async (articleId, seconds) => {
      // A page being closed cancels an XMLHttpRequest; a keepalive fetch is allowed to finish.
      const base = http.baseURL;
      await fetch(`${base}/api/article/addReadingDuration/${articleId}/${seconds}`, {
        method: 'PUT',
        keepalive: true,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
        body: '{}',
      });
    },
    likeArticle: async (id) => (await put<ArticleLikesDto>(`/api/article/like/${id}`)).likes,

    categories: () => get<CategoryDto[]>('/api/category/getAll'),
    tags: () => get<TagDto[]>('/api/tag/getAll'),
    siteFacts: () => get<SiteFactsDto>('/api/statistic/facts'),

    albums: () => get<AlbumDto[]>('/api/photoAlbum/getAll'),
    photos: (albumId, page, size) =>
      find<PhotoPageDto>('GET', `/api/photo/getPhotoListByAlbumId/${albumId}/${page}/${size}`),
    talks: (page, size) => get<TalkPageDto>(`/api/talk/blogGetTalkList/${page}/${size}`),
    talk: (id) => find<TalkDto>('GET', `/api/talk/getTalkById/${id}`),
    friendLinks: () => get<FriendLinkDto[]>('/api/links/getAll'),
    applyFriendLink: (application) =>
      post<FriendLinkApplicationDto>('/api/links/apply', application satisfies FriendLinkApplyBody),
    pendingFriendLinks: () => get<FriendLinkApplicationDto[]>('/api/links/getPending'),
    reviewFriendLink: (id, approved) =>
      put<FriendLinkApplicationDto>(`/api/links/review/${id}`, { approved } satisfies FriendLinkReviewBody),
    resources: (side) => get<ResourceGroupDto[]>(`/api/resources/getAll/${side}`),
    sites: () => get<SiteGroupDto[]>('/api/siteList/getAll'),

    messages: (query) => post<MessagePageDto>('/api/message/getMessageList', query satisfies MessageListBody),
    message: (id) => find<MessageDto>('GET', `/api/message/getMessageById/${id}`),
    publishMessage: (draft) => post<MessageDto>('/api/message/add', draft satisfies MessagePublishBody),
    editMessage: (id, draft) => put<MessageDto>(`/api/message/update/${id}`, draft satisfies MessagePublishBody),
    deleteMessage: async (id) => {
      await http.request<null>({ method: 'DELETE', url: `/api/message/delete/${id}` });
    },
    likeMessage: (id) => put<MessageLikeDto>(`/api/message/like/${id}`),
    messageReplies: (messageId) => get<MessageReplyDto[]>(`/api/message/getReplies/${messageId}`),
    replyToMessage: (messageId, content) =>
      post<MessageReplyDto>(`/api/message/reply/${messageId}`, { content } satisfies MessageReplyBody),
    deleteMessageReply: async (replyId) => {
      await http.request<null>({ method: 'DELETE', url: `/api/message/deleteReply/${replyId}` });
    },
  };
}
