/** The console's landing page, 概览: what the site holds, counted by the server. */

/** Where an article stands in the console. */
export type ArticleState = 'draft' | 'published' | 'scheduled' | 'hidden' | 'trash';

/** The order the overview lists the states in. */
export const ARTICLE_STATES: readonly ArticleState[] = ['published', 'draft', 'scheduled', 'hidden', 'trash'];

export interface RecentArticle {
  id: number;
  title: string;
  status: ArticleState;
  updatedAt: string;
}

export interface Overview {
  articles: Record<ArticleState, number>;
  talks: number;
  albums: number;
  photos: number;
  users: number;
  /** Friend-link applications waiting for review. */
  pendingLinks: number;
  /** Chat messages since the blogger's midnight. */
  chatMessagesToday: number;
  /** The articles updated last, newest first (the 回收站 left out). */
  recentArticles: RecentArticle[];
}

/** Articles outside the 回收站. */
export function articlesInUse(counts: Record<ArticleState, number>): number {
  return ARTICLE_STATES.filter((state) => state !== 'trash').reduce((total, state) => total + counts[state], 0);
}

/** The local midnight that began the day `now` falls in: "today" for the chat's count. */
export function startOfDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}
