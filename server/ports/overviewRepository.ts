import type { OverviewArticleCountsDto, OverviewRecentArticleDto } from '../../src/protocol/console/overview';

/** What the site holds, counted for the console's 概览. */
export interface SiteCounts {
  articles: OverviewArticleCountsDto;
  talks: number;
  albums: number;
  photos: number;
  users: number;
  pendingLinks: number;
  /** Chat messages sent at or after the given instant, reverted ones left out. */
  chatMessagesSince: number;
}

export interface OverviewRepository {
  /** Every count, each by one query; `since` is an ISO instant. */
  counts(since: string): Promise<SiteCounts>;
  /** The most recently updated articles outside the 回收站, newest first. */
  recentArticles(limit: number): Promise<OverviewRecentArticleDto[]>;
}
