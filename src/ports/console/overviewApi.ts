import type { Overview } from '../../domain/console/overview/overview';

/** The console's 概览. Rejects like every console call (a ReportedError when the HTTP client showed it). */
export interface OverviewConsoleApi {
  /** What the site holds now; `dayStart` is the blogger's midnight, for today's chat messages. */
  overview(dayStart: Date): Promise<Overview>;
}
