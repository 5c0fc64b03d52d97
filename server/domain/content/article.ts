/** Who may see an article: only `public` ones are listed, searched, read or fed; the others never leave the server. */
export type ArticleStatus = 'public' | 'hidden' | 'draft';

export const ARTICLE_STATUSES: readonly ArticleStatus[] = ['public', 'hidden', 'draft'];

export interface NamedRef {
  id: number;
  name: string;
}

/** What an import (or any other writer) supplies for one article; ids and counters are the store's business. */
export interface ArticleDraft {
  /** Stable identity of the source (front-matter slug or file path): re-importing it updates the same article. */
  sourceKey: string;
  title: string;
  /** Markdown body. */
  content: string;
  summary: string;
  cover: string;
  category: string | null;
  tags: string[];
  pinned: boolean;
  /** Higher comes first among pinned articles (Hexo's `top: 3`). */
  pinOrder: number;
  status: ArticleStatus;
  createdAt: string;
  updatedAt: string;
  /** Readers may no longer comment (front matter `comments: false`); absent is open. */
  commentsClosed?: boolean;
  /** A draft to be published then (定时发布: a WordPress post scheduled for the future). */
  publishAt?: string;
  /** Imported straight into the 回收站 (a WordPress post in its trash), `status` kept to restore. */
  trashed?: boolean;
}

export interface ArticleSummary {
  id: number;
  title: string;
  summary: string;
  cover: string;
  category: NamedRef | null;
  tags: NamedRef[];
  pinned: boolean;
  views: number;
  likes: number;
  /** Approved, not deleted comments. */
  commentCount: number;
  wordCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ArticleDetail extends ArticleSummary {
  content: string;
  readingDuration: number;
}

/** What changes on an article as it is read: views, likes, the minutes spent reading it and its comments. */
export type ArticleCounters = Pick<ArticleDetail, 'views' | 'likes' | 'readingDuration' | 'commentCount'>;

/** Everything stored about an article, for the exporter. */
export interface ArticleRecord extends ArticleDraft {
  id: number;
  views: number;
  likes: number;
}

export interface ArticleLink {
  id: number;
  title: string;
  cover: string;
  createdAt: string;
}

export interface CountedName extends NamedRef {
  articleCount: number;
}

/** A search hit before its fragment is cut: the store returns ids ranked, with the text to cut from. */
export interface SearchCandidate {
  id: number;
  title: string;
  content: string;
  views: number;
  titleMatch: boolean;
}

/** Characters per minute a reader gets through Chinese prose; at least one minute is shown. */
export const READING_CHARS_PER_MINUTE = 400;

export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / READING_CHARS_PER_MINUTE));
}

/** Site dates are shown in China Standard Time: a front-matter time without a zone means UTC+8. */
export const SITE_UTC_OFFSET_MINUTES = 8 * 60;

/** The calendar year an ISO instant falls in, in the site's time zone. */
export function siteYear(iso: string): number {
  return new Date(Date.parse(iso) + SITE_UTC_OFFSET_MINUTES * 60_000).getUTCFullYear();
}

/** Groups (already ordered) items by the site-time year of `createdAt`, keeping their order. */
export function groupByYear<T extends { createdAt: string }>(items: readonly T[]): { year: number; articles: T[] }[] {
  const groups: { year: number; articles: T[] }[] = [];
  for (const item of items) {
    const year = siteYear(item.createdAt);
    const last = groups[groups.length - 1];
    if (last && last.year === year) last.articles.push(item);
    else groups.push({ year, articles: [item] });
  }
  return groups;
}
