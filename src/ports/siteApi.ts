import type { PageHeader } from '../domain/app/pageHeader';
import type { ArticleListItem, SiteInfo } from '../domain/site/site';

export interface SiteApi {
  config(): Promise<SiteInfo>;
  /** Counts this visit; answers the site's view count including it. */
  addView(): Promise<number>;
  pageHeaders(): Promise<PageHeader[]>;
  /** The home list; the context menu's random browse asks for page 1 of 999. */
  homeArticles(page: number, size: number): Promise<{ list: ArticleListItem[]; total: number }>;
}
