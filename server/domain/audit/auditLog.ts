import * as zhCN from '../../../src/i18n/zh-CN';
import {
  AUDIT_CSV_MAX_ROWS,
  type AuditEntryDto,
  type AuditPageDto,
  type AuditQuery,
} from '../../../src/protocol/console/audit';
import type { AuditFilter, AuditLogRepository } from '../../ports/auditLogRepository';
import type { Clock } from '../../ports/clock';
import { AppError } from '../errors';
import type { AuditActor, AuditRecord } from './auditEntry';

const words = zhCN.consoleAudit;
const DEFAULT_PAGE_SIZE = 20;
/** Autosaves this close to the previous one belong to the same sitting. */
export const AUDIT_MERGE_MINUTES = 30;
const DAY_MS = 86_400_000;

function instant(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const time = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(time)) throw new AppError('invalid', words.server.invalidTime);
  return new Date(time).toISOString();
}

function filterOf(query: AuditQuery): AuditFilter {
  const filter: AuditFilter = {};
  const actor = query.actor?.trim();
  if (actor) filter.actor = actor;
  if (query.area) filter.area = query.area;
  const object = query.object?.trim().replace(/^#/, '');
  if (object) filter.object = object;
  const from = instant(query.from);
  if (from) filter.from = from;
  const to = instant(query.to);
  if (to) filter.to = to;
  return filter;
}

/** The administrator's log (操作日志): entries added by the HTTP layer and the commands, read by the console. */
export class AuditLog {
  constructor(
    private readonly entries: AuditLogRepository,
    private readonly clock: Clock,
    /** Entries older than this many days are purged. */
    private readonly keepDays: number,
  ) {}

  record(entry: AuditRecord, actor: AuditActor): Promise<void> {
    const now = this.clock.now();
    const mergeSince = new Date(now.getTime() - AUDIT_MERGE_MINUTES * 60_000).toISOString();
    return this.entries.record(entry, actor, now.toISOString(), mergeSince);
  }

  async page(query: AuditQuery): Promise<AuditPageDto> {
    const current = query.current ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const { rows, total } = await this.entries.list(filterOf(query), size, (current - 1) * size);
    return { list: rows satisfies AuditEntryDto[], total, current, size };
  }

  /** The CSV's rows, header first, newest first, at most AUDIT_CSV_MAX_ROWS entries. */
  async csv(query: AuditQuery): Promise<string[][]> {
    const { rows } = await this.entries.list(filterOf(query), AUDIT_CSV_MAX_ROWS, 0);
    const head = words.csv;
    return [
      [head.at, head.actor, head.area, head.action, head.objectId, head.summary, head.times, head.address, head.userAgent],
      ...rows.map((row) => [
        row.at,
        row.actorName || words.commandLine,
        words.areas[row.area],
        row.action,
        row.objectId,
        row.summary,
        String(row.times),
        row.address,
        row.userAgent,
      ]),
    ];
  }

  /** Drops what is older than the kept days; answers how many entries went. */
  purge(): Promise<number> {
    return this.entries.purgeBefore(new Date(this.clock.now().getTime() - this.keepDays * DAY_MS).toISOString());
  }
}
