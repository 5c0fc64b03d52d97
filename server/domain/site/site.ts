/** The public facts about the site that every page may show. */
export interface SiteConfig {
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

export interface PageHeader {
  route: string;
  image: string;
}
