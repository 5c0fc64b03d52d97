/** What is counted: a page read, a word searched for, a song started. */
export type StatKind = 'view' | 'search' | 'play';

/** One counted event as the raw table keeps it for a short while (no address, no cookie). */
export interface StatEvent {
  /** Calendar day in the server's time zone, `YYYY-MM-DD`. */
  day: string;
  kind: StatKind;
  /** The page's path (`/article?id=3`), the search word, or the song's id. */
  item: string;
  /** A page the visitor arrived on from outside (a server-rendered page), not an in-app navigation. */
  landing: boolean;
  /** The referring site's host for a landing, '' otherwise. */
  referrer: string;
  device: string;
  browser: string;
  /** The daily-salted hash of address and user agent: the same visitor within one day only. */
  visitor: string;
}

/** What the daily roll-up keeps per day and dimension, the only thing kept after the raw events go. */
export const STAT_DIMENSIONS = ['all', 'page', 'landing', 'referrer', 'device', 'browser', 'search', 'song'] as const;
export type StatDimension = (typeof STAT_DIMENSIONS)[number];

export interface DailyRow {
  day: string;
  dimension: StatDimension;
  /** The dimension's value ('' for `all`). */
  item: string;
  /** Events counted; for songs, plays counted once per visitor. */
  views: number;
  /** Distinct visitors that day. */
  visitors: number;
}
