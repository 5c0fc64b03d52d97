import type { Translation } from '../translation';
import type { search as zh } from '../zh-CN/search';
import { plural } from './plural';

/** The header's search dialog (spec section 2). */
export const search = {
  title: 'Search',
  placeholder: 'Search articles',
  close: 'Close search',
  history: 'Recent searches',
  clearHistory: 'Clear',
  noHistory: 'No recent searches',
  hot: 'Trending',
  searching: 'Searching…',
  noResults: (keyword: string) => `No articles found for “${keyword}”`,
  resultCount: (n: number) => `${plural(n, 'article')} found`,
  failed: (reason: string) => `Search failed: ${reason}`,
} as const satisfies Translation<typeof zh>;
