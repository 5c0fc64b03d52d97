import { Type, type Static } from 'typebox';

/*
 * Wire contract of the site's own statistics (统计, issue 23).
 *
 *   POST /api/stats/view {path}               → null    an in-app navigation to `path` (the reader's app)
 *   GET  /api/admin/stats?days=N              → StatsReportDto   (administrators only: 401 / 403)
 *   GET  /api/admin/stats/<table>.csv?days=N  → text/csv; charset=utf-8, with a UTF-8 BOM
 *
 * `days` is 7, 30 or 90 (the last N days, today included, in the server's time zone); anything else is a
 * 400 with a Chinese message. `<table>` is `daily` or one of STATS_TABLES; another name is a 404.
 */

export { STATS_VIEW_PATH } from '../statsBeacon';
export const STATS_PATH = '/api/admin/stats';
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

export const STATS_TABLES = ['articles', 'landings', 'referrers', 'searches', 'devices', 'browsers', 'songs'] as const;
export type StatsTable = (typeof STATS_TABLES)[number];
/** What a CSV download may name: the per-day series, or a table. */
export type StatsCsv = StatsTable | 'daily';

/** The address of a table's (or the per-day series') CSV download. */
export function statsCsvPath(table: StatsCsv, days: number): string {
  return `${STATS_PATH}/${table}.csv?days=${days}`;
}

export const StatsViewBody = Type.Object({ path: Type.String({ minLength: 1, maxLength: 512 }) });
export type StatsViewBody = Static<typeof StatsViewBody>;

export const StatsQuery = Type.Object({ days: Type.Integer() });
export type StatsQuery = Static<typeof StatsQuery>;

export const StatsDayDto = Type.Object({
  day: Type.String(),
  views: Type.Integer(),
  /** Distinct visitors that day. */
  visitors: Type.Integer(),
  chatMessages: Type.Integer(),
  /** Songs played, each counted once per visitor and day. */
  songsPlayed: Type.Integer(),
});
export type StatsDayDto = Static<typeof StatsDayDto>;

export const StatsRowDto = Type.Object({
  /** What is counted, as stored (a path, a host, a word, a song's id). */
  item: Type.String(),
  /** How it reads (an article's title, a song's name, 手机); the item itself when it reads as it is. */
  label: Type.String(),
  views: Type.Integer(),
  /** Visitors, summed over the days (a visitor who came on two days counts twice). */
  visitors: Type.Integer(),
});
export type StatsRowDto = Static<typeof StatsRowDto>;

/** Rows of each table in the report, most viewed first (CSV downloads have them all). */
export const STATS_TOP_ROWS = 20;

const Rows = Type.Array(StatsRowDto);

export const StatsReportDto = Type.Object({
  days: Type.Array(StatsDayDto),
  tables: Type.Object({
    articles: Rows,
    landings: Rows,
    referrers: Rows,
    searches: Rows,
    devices: Rows,
    browsers: Rows,
    songs: Rows,
  }),
});
export type StatsReportDto = Static<typeof StatsReportDto>;
