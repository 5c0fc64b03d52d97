import type { StatsReport } from '../../domain/console/stats/stats';

/** The console's 统计. Rejects like every console call (a ReportedError when the HTTP client showed it). */
export interface StatsApi {
  /** The last `days` days (7, 30 or 90), today included. */
  report(days: number): Promise<StatsReport>;
}
