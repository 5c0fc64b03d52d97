import { OVERVIEW_RECENT_ARTICLES, type OverviewDto } from '../../../src/protocol/console/overview';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { Clock } from '../../ports/clock';
import type { OverviewRepository } from '../../ports/overviewRepository';
import { AppError } from '../errors';

const text = zhCN.consoleOverview.server;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An ISO-8601 instant with its offset, as `Date.prototype.toISOString` or a browser writes it. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Where "today" began for the blogger: the browser's own midnight as it sent it, which must be an instant
 * no more than two days from now (any time zone's midnight is within a day of ours); else the server's.
 */
export function dayStartOf(raw: string | undefined, now: Date): Date {
  if (raw === undefined) return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const time = INSTANT.test(raw) ? Date.parse(raw) : Number.NaN;
  if (!Number.isFinite(time) || Math.abs(now.getTime() - time) > 2 * DAY_MS)
    throw new AppError('invalid', text.invalidDayStart);
  return new Date(time);
}

/** The console's landing page: counts from the database, the articles edited last. */
export class OverviewService {
  constructor(
    private readonly repository: OverviewRepository,
    private readonly clock: Clock,
  ) {}

  async overview(dayStart?: string): Promise<OverviewDto> {
    const since = dayStartOf(dayStart, this.clock.now()).toISOString();
    const [counts, recentArticles] = await Promise.all([
      this.repository.counts(since),
      this.repository.recentArticles(OVERVIEW_RECENT_ARTICLES),
    ]);
    const { chatMessagesSince, ...rest } = counts;
    return { ...rest, chatMessagesToday: chatMessagesSince, recentArticles };
  }
}
