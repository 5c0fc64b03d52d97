import type { PageHeader, SiteConfig } from '../../server/domain/site/site';
import type { SiteRepository } from '../../server/ports/siteRepository';

/** An in-memory site repository; `failWith` makes every call reject, to drive the server's error paths. */
export function inMemorySiteRepository(initial?: SiteConfig, failWith?: Error) {
  let config = initial;
  const headers = new Map<string, string>();
  const guard = () => {
    if (failWith) throw failWith;
  };
  return {
    async getConfig() {
      guard();
      return config && { ...config };
    },
    async saveConfig(next) {
      guard();
      config = { ...next, viewCount: config?.viewCount ?? 0 };
    },
    async addView() {
      guard();
      if (!config) return 0;
      config = { ...config, viewCount: config.viewCount + 1 };
      return config.viewCount;
    },
    async listPageHeaders(): Promise<PageHeader[]> {
      guard();
      return [...headers].map(([route, image]) => ({ route, image }));
    },
    async savePageHeader(header) {
      guard();
      headers.set(header.route, header.image);
    },
    async removePageHeader(route) {
      guard();
      headers.delete(route);
    },
  } satisfies SiteRepository;
}
