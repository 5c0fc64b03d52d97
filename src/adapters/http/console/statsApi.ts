import { STATS_PATH, STATS_TABLES, statsCsvPath, type StatsReportDto } from '../../../protocol/console/stats';
import type { StatsApi } from '../../../ports/console/statsApi';
import { unlessReported } from '../accountApi';
import type { HttpClient } from '../httpClient';

export function createStatsApi(http: HttpClient): StatsApi {
  return {
    report: async (days) => {
      const report = await unlessReported(http.request<StatsReportDto>({ method: 'GET', url: STATS_PATH, params: { days } }));
      const csv = Object.fromEntries(['daily', ...STATS_TABLES].map((table) => [table, statsCsvPath(table as 'daily', days)]));
      return { ...report, csv: csv as Record<(typeof STATS_TABLES)[number] | 'daily', string> };
    },
  };
}
