import type { Translation } from '../translation';
import type { sideColumn as zh } from '../zh-CN/sideColumn';
import { plural } from './plural';

/** The side column of the lists: counts, hot articles, tag cloud, facts. */
export const sideColumn = {
  countsLabel: 'Article stats',
  articles: 'Articles',
  categories: 'Categories',
  tags: 'Tags',
  hot: 'Popular articles',
  tagCloud: 'Tag cloud',
  facts: 'Site info',
  articleTotal: 'Articles',
  talkTotal: 'Notes',
  lastUpdate: 'Last updated',
  /** The hot list's numbers, for screen readers (issue 22). */
  hotCounts: (views: string, comments: string) => `${plural(views, 'view')}, ${plural(comments, 'comment')}`,
} as const satisfies Translation<typeof zh>;
