/** The console's 统计 page: what it shows, independent of the wire. */

export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

export const STATS_TABLES = ['articles', 'landings', 'referrers', 'searches', 'devices', 'browsers', 'songs'] as const;
export type StatsTable = (typeof STATS_TABLES)[number];

export interface StatsDay {
  day: string;
  views: number;
  visitors: number;
  chatMessages: number;
  songsPlayed: number;
}

export interface StatsRow {
  item: string;
  label: string;
  views: number;
  visitors: number;
}

export interface StatsReport {
  days: StatsDay[];
  tables: Record<StatsTable, StatsRow[]>;
  /** Addresses of the CSV downloads: the per-day series and each table. */
  csv: Record<StatsTable | 'daily', string>;
}

export type StatsTotals = Omit<StatsDay, 'day'>;

/** The range's totals (visitors summed over the days: one visitor on two days counts twice). */
export function totalsOf(days: readonly StatsDay[]): StatsTotals {
  return days.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      visitors: sum.visitors + day.visitors,
      chatMessages: sum.chatMessages + day.chatMessages,
      songsPlayed: sum.songsPlayed + day.songsPlayed,
    }),
    { views: 0, visitors: 0, chatMessages: 0, songsPlayed: 0 },
  );
}

/** A day (`YYYY-MM-DD`) as a chart's x value: seconds at that day's local noon (uPlot's time unit). */
export function dayToSeconds(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 12).getTime() / 1000;
}
