import type { PageHeaderDto, SiteConfigDto, ViewCountDto } from '../../protocol/site';
import type { SiteApi } from '../../ports/siteApi';
import type { ArticleListItem } from '../../domain/site/site';
import type { HttpClient } from './httpClient';

export function createSiteApi(http: HttpClient): SiteApi {
  return {
    config: () => http.request<SiteConfigDto>({ method: 'GET', url: '/api/config' }),
    addView: async () =>
      (await http.request<ViewCountDto>({ method: 'PUT', url: '/api/config/addView', data: {} })).viewCount,
    pageHeaders: () => http.request<PageHeaderDto[]>({ method: 'GET', url: '/api/pageHeader/getAll' }),
    homeArticles: (page, size) =>
      http.request<{ list: ArticleListItem[]; total: number }>({
        method: 'GET',
        url: `/api/article/blogHomeGetArticleList/${page}/${size}`,
      }),
  };
}
