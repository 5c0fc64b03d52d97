import { AppError } from '../errors';
import { messages } from '../messages';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import type { SiteRepository } from '../../ports/siteRepository';
import type { PageHeader, SiteConfig } from './site';

export class SiteService {
  constructor(
    private readonly sites: SiteRepository,
    /** Told when the site's view count changes: the configuration and the facts show it. */
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async config(): Promise<SiteConfig> {
    const config = await this.sites.getConfig();
    if (!config) throw new AppError('notFound', messages.siteNotConfigured);
    return config;
  }

  async addView(): Promise<{ viewCount: number }> {
    const viewCount = await this.sites.addView();
    this.changes.changed(['siteViews']);
    return { viewCount };
  }

  pageHeaders(): Promise<PageHeader[]> {
    return this.sites.listPageHeaders();
  }
}
