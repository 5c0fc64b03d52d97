import type {
  CommentDeletedDto,
  CommentDto,
  CommentListQuery,
  CommentPageDto,
  CommentPostBody,
  CommentReplyPageDto,
  LikeBody,
  LikeStateDto,
  TalkLikeStateBody,
  TalkLikeStateDto,
} from '../../protocol/comments';
import type { CommentsApi } from '../../ports/commentsApi';
import { ReportedError } from '../../domain/account/account';
import { ApiError } from './apiError';
import type { HttpClient } from './httpClient';

/** Statuses the shared HTTP client shows a notice for; a 404 here is answered by the view instead. */
const SHOWN_STATUSES = new Set([401, 403, 408, 429, 500]);

/** `?a=1&b=x` of the fields given (undefined and null left out). */
function query(fields: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== null) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Comments and talk likes over `/api/comment` and `/api/talk`. Each method returns the wire DTO where the
 * port promises a domain type: the two are declared separately, so a drift between them fails here.
 * A 404 names what is gone (the article, the comment answered) in the server's words, which the view shows;
 * failures the shared client already showed (401, 429…) arrive as ReportedError.
 */
export function createCommentsApi(http: HttpClient): CommentsApi {
  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) =>
    http.request<T>({ method, url, data, notFoundIsAnswer: true }).catch((error: unknown) => {
      throw error instanceof ApiError && SHOWN_STATUSES.has(error.status) ? new ReportedError(error.message) : error;
    });
  return {
    page: (target, order, cursor) =>
      call<CommentPageDto>(
        'GET',
        `/api/comment/list${query({ type: target.type, id: target.id, order, cursor: cursor ?? undefined } satisfies CommentListQuery)}`,
      ),
    replies: (id, cursor) => call<CommentReplyPageDto>('GET', `/api/comment/replies/${id}${query({ cursor })}`),
    post: (target, { content, replyTo, visitor }) =>
      call<CommentDto>('POST', '/api/comment/add', {
        targetType: target.type,
        targetId: target.id,
        content,
        ...(replyTo !== undefined ? { replyTo } : {}),
        ...(visitor ? { nickName: visitor.nickName.trim(), email: visitor.email.trim(), site: visitor.site.trim() } : {}),
      } satisfies CommentPostBody),
    delete: (id) => call<CommentDeletedDto>('DELETE', `/api/comment/delete/${id}`),
    like: (id, liked) => call<LikeStateDto>('PUT', `/api/comment/like/${id}`, { liked } satisfies LikeBody),
    likeTalk: (id, liked) => call<LikeStateDto>('PUT', `/api/talk/like/${id}`, { liked } satisfies LikeBody),
    async talkLikes(ids) {
      if (ids.length === 0) return new Map();
      const states = await call<TalkLikeStateDto[]>('POST', '/api/talk/likeState', { ids } satisfies TalkLikeStateBody);
      return new Map(states.map(({ id, likes, liked }) => [id, { likes, liked }]));
    },
  };
}
