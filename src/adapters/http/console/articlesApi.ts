import type { AxiosRequestConfig } from 'axios';
import type { ArticleDraft, SaveAnswer } from '../../../domain/console/articles/articleDraft';
import {
  ARTICLE_LIMITS,
  type ArticleListPage,
  type ArticleOptions,
  type ConsoleArticle,
  type Revision,
  type RevisionSummary,
} from '../../../domain/console/articles/articles';
import * as zhCN from '../../../i18n/zh-CN';
import { UPLOAD_MAX_BYTES, type UploadResult } from '../../../protocol/account';
import { SUCCESS_CODE, type Envelope } from '../../../protocol/codes';
import type {
  MAX_ARTICLE_SUMMARY_LENGTH,
  MAX_ARTICLE_TAGS,
  MAX_ARTICLE_TITLE_LENGTH,
  MAX_CONSOLE_KEYWORD_LENGTH,
  MAX_TAXONOMY_NAME_LENGTH,
  ArticleBinEmptiedDto,
  ArticleCreateBody,
  ArticleRevisionDto,
  ArticleRevisionSummaryDto,
  ArticleSaveBody,
  ConsoleArticleDto,
  ConsoleArticleListQuery,
  ConsoleArticleOptionsDto,
  ConsoleArticlePageDto,
} from '../../../protocol/console/articles';
import type { ArticleConsoleApi } from '../../../ports/console/articlesApi';
import { unlessReported } from '../accountApi';
import { ApiError } from '../apiError';
import type { HttpClient } from '../httpClient';

const BASE = '/api/admin/articles';
/** No answer at all (network down, timeout: 0), or a gateway that could not reach the server. */
const UNREACHABLE = new Set([0, 502, 503, 504]);
const CONFLICT = 409;
const NOT_FOUND = 404;

// The editor's limits are the server's: a change on one side and not the other fails the type check here.
const LIMITS: {
  title: typeof MAX_ARTICLE_TITLE_LENGTH;
  summary: typeof MAX_ARTICLE_SUMMARY_LENGTH;
  tags: typeof MAX_ARTICLE_TAGS;
  name: typeof MAX_TAXONOMY_NAME_LENGTH;
  keyword: typeof MAX_CONSOLE_KEYWORD_LENGTH;
} = ARTICLE_LIMITS;
void LIMITS;

// The wire and the domain are declared apart: a drift between them fails the type check here.
const asPage = (dto: ConsoleArticlePageDto): ArticleListPage => dto;
const asOptions = (dto: ConsoleArticleOptionsDto): ArticleOptions => dto;
const asRevisions = (dto: ArticleRevisionSummaryDto[]): RevisionSummary[] => dto;
const asRevision = (dto: ArticleRevisionDto): Revision => dto;

export function toDraft(dto: ConsoleArticleDto): ArticleDraft {
  return {
    title: dto.title,
    content: dto.content,
    summary: dto.summary,
    cover: dto.cover,
    category: dto.category?.name ?? '',
    tags: dto.tags.map((tag) => tag.name),
    pinned: dto.pinned,
    commentsClosed: dto.commentsClosed,
  };
}

export function toConsoleArticle(dto: ConsoleArticleDto): ConsoleArticle {
  return {
    id: dto.id,
    draft: toDraft(dto),
    version: dto.version,
    status: dto.status,
    publishAt: dto.publishAt,
    views: dto.views,
    likes: dto.likes,
    createdAt: dto.createdAt,
    updatedAt: dto.updatedAt,
  };
}

/** The editor names its category and tags: the server finds them by name, or creates them. */
export function toBody(draft: ArticleDraft): ArticleCreateBody {
  const category = draft.category.trim();
  return {
    title: draft.title,
    content: draft.content,
    summary: draft.summary,
    cover: draft.cover,
    category: category === '' ? null : { name: category },
    tags: draft.tags,
    pinned: draft.pinned,
    commentsClosed: draft.commentsClosed,
  };
}

export function createArticleConsoleApi(http: HttpClient): ArticleConsoleApi {
  // A 404 names what is gone (文章不存在…): no notice was shown for it, so it stays a message for the view.
  const request = <T>(config: AxiosRequestConfig) =>
    unlessReported(
      http
        .request<T>({ ...config, url: `${BASE}${config.url ?? ''}`, notFoundIsAnswer: true })
        .catch((error: unknown) => {
          throw error instanceof ApiError && error.status === NOT_FOUND ? new Error(error.message) : error;
        }),
    );
  const get = <T>(url: string, params?: ConsoleArticleListQuery) =>
    request<T>({ method: 'GET', url, ...(params ? { params } : {}) });
  const post = <T>(url: string, data: unknown = {}) => request<T>({ method: 'POST', url, data });

  /** A save's answer, where a 409 is not a failure but the server's newer article. */
  async function sendSave(id: number | null, body: ArticleCreateBody | ArticleSaveBody) {
    const transport = await http.transport();
    const response = await transport.request<Envelope<ConsoleArticleDto | null>>({
      method: id === null ? 'POST' : 'PUT',
      url: id === null ? BASE : `${BASE}/${id}`,
      data: body,
      notFoundIsAnswer: true,
      validateStatus: (status) => (status >= 200 && status < 300) || status === CONFLICT,
    });
    return { status: response.status, envelope: response.data };
  }

  return {
    list: async ({ current, size, tab, keyword, categoryId, tagId }) =>
      asPage(
        await get<ConsoleArticlePageDto>('', {
          current,
          size,
          ...(tab === 'all' ? {} : { status: tab }),
          ...(keyword.trim() === '' ? {} : { keyword: keyword.trim() }),
          ...(categoryId === null ? {} : { categoryId }),
          ...(tagId === null ? {} : { tagId }),
        }),
      ),
    options: async () => asOptions(await get<ConsoleArticleOptionsDto>('/options')),
    read: async (id) => toConsoleArticle(await get<ConsoleArticleDto>(`/${id}`)),

    async saveDraft({ id, draft, baseVersion, supersede }): Promise<SaveAnswer> {
      const body =
        id === null ? toBody(draft) : { ...toBody(draft), version: baseVersion, ...(supersede && { supersede }) };
      let answer: Awaited<ReturnType<typeof sendSave>>;
      try {
        answer = await sendSave(id, body);
      } catch (error) {
        if (error instanceof ApiError && UNREACHABLE.has(error.status)) return { kind: 'offline' };
        if (error instanceof ApiError && error.status === NOT_FOUND) throw new Error(error.message);
        return unlessReported(Promise.reject(error));
      }
      const { status, envelope } = answer;
      const article = envelope.result;
      if (status === CONFLICT && article) {
        // Only a newer version is a conflict to show; any other 409 (the article went to the 回收站) is a refusal.
        if (article.version !== baseVersion) {
          return {
            kind: 'conflict',
            server: { id: article.id, version: article.version, draft: toDraft(article), updatedAt: article.updatedAt },
          };
        }
        throw new Error(envelope.message);
      }
      if (envelope.code !== SUCCESS_CODE || !article) throw new ApiError(envelope.message, status, envelope.code);
      return { kind: 'saved', id: article.id, version: article.version, updatedAt: article.updatedAt };
    },

    revisions: async (id) => asRevisions(await get<ArticleRevisionSummaryDto[]>(`/${id}/revisions`)),
    revision: async (id, version) => asRevision(await get<ArticleRevisionDto>(`/${id}/revisions/${version}`)),
    publish: async (id, publishAt) => toConsoleArticle(await post<ConsoleArticleDto>(`/${id}/publish`, { publishAt })),
    changeStatus: async (id, change) => toConsoleArticle(await post<ConsoleArticleDto>(`/${id}/${change}`)),
    async remove(id) {
      await request({ method: 'DELETE', url: `/${id}` });
    },
    emptyBin: async () => (await request<ArticleBinEmptiedDto>({ method: 'DELETE', url: '/bin' })).removed,

    async uploadImage(file, fileName, onProgress) {
      // The server would refuse it only after receiving all of it: a 16 MB photo is never sent.
      if (file.size > UPLOAD_MAX_BYTES) throw new Error(zhCN.account.server.uploadTooLarge);
      const form = new FormData();
      form.append('file', file, fileName);
      const { url } = await unlessReported(
        http.request<UploadResult>({
          method: 'POST',
          url: '/api/upload/img',
          data: form,
          // The browser sets the multipart boundary itself, so the JSON default must go.
          headers: { 'Content-Type': undefined },
          onUploadProgress: (event) => onProgress(event.total ? Math.min(1, event.loaded / event.total) : 0),
        }),
      );
      onProgress(1);
      return url;
    },
  };
}
