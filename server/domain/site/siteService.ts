import { AppError } from '../errors';
import { messages } from '../messages';
import type { SiteRepository } from '../../ports/siteRepository';
import type { PageHeader, SiteConfig } from './site';

export class SiteService {
  constructor(private readonly sites: SiteRepository) {}

  async config(): Promise<SiteConfig> {
    const config = await this.sites.getConfig();
    if (!config) throw new AppError('notFound', messages.siteNotConfigured);
    return config;
  }

  async addView(): Promise<{ viewCount: number }> {
    return { viewCount: await this.sites.addView() };
  }

  pageHeaders(): Promise<PageHeader[]> {
    return this.sites.listPageHeaders();
  }
}
