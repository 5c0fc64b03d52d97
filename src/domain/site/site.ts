/** Public facts about the site (author card, footer, banner). */
export interface SiteInfo {
  name: string;
  author: string;
  avatar: string;
  motto: string;
  typedMottos: string[];
  notice: string;
  /** The footer's copyright line; '' shows the default (© year and site name). */
  copyright: string;
  filingNumber: string;
  since: string;
  viewCount: number;
  updatedAt: string;
}

/** The smallest article shape the shell needs (random browse, search results). */
export interface ArticleListItem {
  id: number;
  article_title: string;
  article_content: string;
}
