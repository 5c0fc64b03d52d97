import type { DailyRow, StatDimension, StatEvent } from '../domain/stats/statEvent';

/** Where the statistics live: raw events for a short while, the daily roll-up for good, the day's salt. */
export interface StatsStore {
  addEvents(events: readonly StatEvent[]): Promise<void>;
  /** The salt of `day`: `candidate` if none was stored yet, else the one stored first (by any instance). */
  claimSalt(day: string, candidate: string): Promise<string>;
  /** Forgets the salts of the days before `day`: their hashes can no longer be recomputed by anyone. */
  discardSaltsBefore(day: string): Promise<void>;
  /** Days that still have raw events. */
  eventDays(): Promise<string[]>;
  eventsOf(day: string): Promise<StatEvent[]>;
  /** Stores `rows` as the totals of `day`, replacing the day's earlier totals for the same keys. */
  putDaily(day: string, rows: readonly DailyRow[]): Promise<void>;
  /** Removes the raw events of the days before `day`. */
  pruneEventsBefore(day: string): Promise<void>;
  /** Daily rows of `dimension` from `from` to `to` (days, inclusive). */
  daily(dimension: StatDimension, from: string, to: string): Promise<DailyRow[]>;
  /** When each chat message since `since` was sent (reverted ones left out). */
  chatMessageTimes(since: Date): Promise<string[]>;
  /** Titles of the articles with these ids (missing ones absent). */
  articleTitles(ids: readonly number[]): Promise<Map<number, string>>;
}
