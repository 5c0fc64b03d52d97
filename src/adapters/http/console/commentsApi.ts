import type { AxiosRequestConfig } from 'axios';
import type { CommentDeletedDto } from '../../../protocol/comments';
import type {
  CommentSettingsDto,
  ConsoleCommentBatchBody,
  ConsoleCommentBatchDto,
  ConsoleCommentDto,
  ConsoleCommentListQuery,
  ConsoleCommentPageDto,
  ConsoleCommentStatusBody,
} from '../../../protocol/console/comments';
import type { CommentsConsoleApi } from '../../../ports/console/commentsApi';
import { unlessReported } from '../accountApi';
import type { HttpClient } from '../httpClient';

const BASE = '/api/admin/comments';

/** The console's review queue and comment settings under /api/admin/comments. */
export function createCommentsConsoleApi(http: HttpClient): CommentsConsoleApi {
  const request = <T>(config: AxiosRequestConfig) => unlessReported(http.request<T>({ ...config, url: `${BASE}${config.url ?? ''}` }));
  return {
    queue: ({ status, keyword, current, size }) => {
      const query: ConsoleCommentListQuery = { status, current, size, ...(keyword.trim() ? { keyword: keyword.trim() } : {}) };
      const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
      return request<ConsoleCommentPageDto>({ method: 'GET', url: `?${params.toString()}` });
    },
    byAuthorOf: (id, current, size) =>
      request<ConsoleCommentPageDto>({ method: 'GET', url: `/${id}/author?current=${current}&size=${size}` }),
    setStatus: (id, status) =>
      request<ConsoleCommentDto>({ method: 'PUT', url: `/${id}/status`, data: { status } satisfies ConsoleCommentStatusBody }),
    batch: async (ids, action) =>
      (await request<ConsoleCommentBatchDto>({ method: 'POST', url: '/batch', data: { ids, action } satisfies ConsoleCommentBatchBody })).done,
    delete: (id) => request<CommentDeletedDto>({ method: 'DELETE', url: `/${id}` }),
    settings: () => request<CommentSettingsDto>({ method: 'GET', url: '/settings' }),
    saveSettings: (settings) => request<CommentSettingsDto>({ method: 'PUT', url: '/settings', data: settings satisfies CommentSettingsDto }),
  };
}
