import type { PageHeader, SiteConfig } from '../domain/site/site';

export interface SiteRepository {
  getConfig(): Promise<SiteConfig | undefined>;
  saveConfig(config: Omit<SiteConfig, 'viewCount'>): Promise<void>;
  /** Adds one view and returns the new total. */
  addView(): Promise<number>;
  listPageHeaders(): Promise<PageHeader[]>;
  savePageHeader(header: PageHeader): Promise<void>;
  removePageHeader(route: string): Promise<void>;
}
