import type { PageRequest } from './content/input';

/**
 * What a write changes, in the terms of what readers see. Counters are topics of their own: a view or a
 * like changes the lists that show them, not the taxonomy or the site's facts.
 */
export type ReadTopic =
  /** The site's settings (name, author, motto, notice, since…). */
  | 'site'
  /** The site's own view count. */
  | 'siteViews'
  | 'pageHeaders'
  /** Articles written, published or hidden: lists, categories, tags, facts. */
  | 'articles'
  /** An article's views, likes and reading time. */
  | 'articleCounters'
  /** Talks written, edited, pinned, hidden or deleted. */
  | 'talks'
  /** Albums and their photos: names, order, covers. */
  | 'albums'
  /** Comments approved, deleted or moderated: the comment counts of articles and talks. */
  | 'comments'
  /** The message board's posts, replies and likes (no hot read shows them; the pages do). */
  | 'board'
  /** Friend links, resources and site lists (shown by their pages only). */
  | 'directory'
  /** The music library's catalogue (songs and playlists added, edited, moved or removed): each instance reloads it. */
  | 'music';

export const READ_TOPICS: readonly ReadTopic[] = [
  'site',
  'siteViews',
  'pageHeaders',
  'articles',
  'articleCounters',
  'talks',
  'albums',
  'comments',
  'board',
  'directory',
  'music',
];

/**
 * Counters change on nearly every request under load (each view, each like). Dropping every answer that
 * shows them at each change would keep the busiest lists from ever being kept, so a change to these topics
 * drops those answers at most COUNTER_LAG_MS later, once for all the changes in between: lists show a
 * count at most that late. The count a reader's own action returns is exact.
 */
/** The Redis channel namespace through which instances (and the `music:scan` command) tell each other of changes. */
export const CHANGE_RELAY_PREFIX = 'blog:cache';

export const LAGGING_TOPICS: readonly ReadTopic[] = ['articleCounters'];
export const COUNTER_LAG_MS = 1_000;

/**
 * What a kept page shows: everything but the counters. A page is dropped by any write to these (one write
 * drops every page: writes are rare beside reads, and no page can be forgotten); views and likes are shown
 * as they were when the page was kept, at most PAGE_TTL_MS late.
 */
export const PAGE_TOPICS: readonly ReadTopic[] = READ_TOPICS.filter(
  (topic) => topic !== 'siteViews' && !LAGGING_TOPICS.includes(topic),
);

/**
 * Longest a page is kept: what changes without a write (「3天前」, the counters) and a change this instance is
 * never told of (an import from the command line without Redis) show at most this late.
 */
export const PAGE_TTL_MS = 60_000;

/**
 * The reads every visit makes, answered from memory, each with the topics it shows: a write to any of
 * them drops the kept answer.
 */
export const HOT_READS = {
  config: ['site', 'siteViews'],
  pageHeaders: ['pageHeaders'],
  categories: ['articles'],
  tags: ['articles'],
  /** A home page lists views, likes and comment counts. */
  home: ['articles', 'articleCounters', 'comments'],
  /** The hottest articles are ranked by views and show them, with their comment counts. */
  hot: ['articles', 'articleCounters', 'comments'],
  /** Counts of articles, categories, tags and talks, the site's views and its start date. */
  facts: ['articles', 'site', 'siteViews', 'talks'],
  /** A search's results, kept per keyword: ranked by views and showing them. */
  search: ['articles', 'articleCounters'],
  /**
   * An article: its text and its counts (views, likes, reading time, comments), the counts at most
   * COUNTER_LAG_MS late like the lists'. Every read still counts its view, answered from memory or not.
   */
  article: ['articles', 'articleCounters', 'comments'],
} as const satisfies Record<string, readonly ReadTopic[]>;

/**
 * An article's text, title, category and tags, kept per article for the renders and the answers that show it:
 * an edit, a hidden article or a renamed category drops it at once. Its counts are not part of it.
 */
export const ARTICLE_TEXT_TOPICS: readonly ReadTopic[] = ['articles'];
/** The most articles whose text is kept: the most read ones stay, each may be long. */
export const ARTICLE_TEXTS_KEPT = 200;

/** Home pages kept: the first few, at the sizes a page shows; other pages are read from the database. */
export const HOT_HOME_PAGES = 3;
export const HOT_HOME_PAGE_SIZE = 20;

export function isHotHomePage(page: PageRequest): boolean {
  return page.current <= HOT_HOME_PAGES && page.size <= HOT_HOME_PAGE_SIZE;
}
