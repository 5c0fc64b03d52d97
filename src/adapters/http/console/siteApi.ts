import type { AxiosRequestConfig } from 'axios';
import type { ResourceSide } from '../../../domain/console/site/site';
import type {
  ConsoleLinkDto,
  ConsoleResourceDto,
  ConsoleSiteEntryDto,
  PageHeaderSlotDto,
  SiteSettingsDto,
  TaxonomyDto,
  TaxonomyItemDto,
} from '../../../protocol/console/site';
import type { SiteConsoleApi } from '../../../ports/console/siteApi';
import { createAccountApi, unlessReported } from '../accountApi';
import type { HttpClient } from '../httpClient';

const BASE = '/api/admin';

export function createSiteConsoleApi(http: HttpClient): SiteConsoleApi {
  // A 404 names what is gone (友链不存在…): the server's message is shown, not「接口不存在」.
  const request = <T>(config: AxiosRequestConfig) =>
    unlessReported(http.request<T>({ ...config, url: `${BASE}${config.url ?? ''}`, notFoundIsAnswer: true }));
  const get = <T>(url: string) => request<T>({ method: 'GET', url });
  const send = <T>(method: 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown) =>
    request<T>({ method, url, ...(data === undefined ? {} : { data }) });
  const upsert = <T>(collection: string, id: number | null, data: unknown) =>
    id === null ? send<T>('POST', collection, data) : send<T>('PUT', `${collection}/${id}`, data);
  const taxonomy = async (kind: 'categories' | 'tags') => (await get<TaxonomyDto>('/taxonomy'))[kind];

  return {
    settings: () => get<SiteSettingsDto>('/site/settings'),
    saveSettings: (settings) => send<SiteSettingsDto>('PUT', '/site/settings', settings),
    pageBanners: () => get<PageHeaderSlotDto[]>('/site/pageHeaders'),
    setPageBanner: (banner) => send<PageHeaderSlotDto>('PUT', '/site/pageHeaders', banner),
    uploadImage: (file, fileName) => createAccountApi(http).uploadImage(file, fileName),

    taxonomy,
    createTaxonomy: (kind, name) => send<TaxonomyItemDto>('POST', `/taxonomy/${kind}`, { name }),
    renameTaxonomy: (kind, id, name) => send<TaxonomyItemDto>('PUT', `/taxonomy/${kind}/${id}`, { name }),
    async mergeTaxonomy(kind, id, into) {
      await send('POST', `/taxonomy/${kind}/${id}/merge`, { into });
      return taxonomy(kind);
    },
    async removeTaxonomy(kind, id) {
      await send('DELETE', `/taxonomy/${kind}/${id}`);
    },

    links: () => get<ConsoleLinkDto[]>('/links'),
    saveLink: (id, link) => upsert<ConsoleLinkDto>('/links', id, link),
    reviewLink: (id, approved) => send<ConsoleLinkDto>('PUT', `/links/${id}/review`, { approved }),
    async removeLink(id) {
      await send('DELETE', `/links/${id}`);
    },

    resources: (side: ResourceSide) => get<ConsoleResourceDto[]>(`/resources/${side}`),
    saveResource: (id, resource) => upsert<ConsoleResourceDto>('/resources', id, resource),
    async removeResource(id) {
      await send('DELETE', `/resources/${id}`);
    },
    arrangeResources: (side, ids) => send<ConsoleResourceDto[]>('PUT', '/resources/order', { side, ids }),

    siteList: () => get<ConsoleSiteEntryDto[]>('/siteList'),
    saveSiteEntry: (id, entry) => upsert<ConsoleSiteEntryDto>('/siteList', id, entry),
    async removeSiteEntry(id) {
      await send('DELETE', `/siteList/${id}`);
    },
    arrangeSiteList: (ids) => send<ConsoleSiteEntryDto[]>('PUT', '/siteList/order', { ids }),
  };
}
