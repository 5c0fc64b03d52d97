import { OVERVIEW_PATH, type OverviewDto } from '../../../protocol/console/overview';
import type { OverviewConsoleApi } from '../../../ports/console/overviewApi';
import { unlessReported } from '../accountApi';
import type { HttpClient } from '../httpClient';

export function createOverviewConsoleApi(http: HttpClient): OverviewConsoleApi {
  return {
    overview: (dayStart) =>
      unlessReported(
        http.request<OverviewDto>({ method: 'GET', url: OVERVIEW_PATH, params: { dayStart: dayStart.toISOString() } }),
      ),
  };
}
