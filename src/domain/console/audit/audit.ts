/** The console's 操作日志 as the views use it (see src/protocol/console/audit.ts for the wire). */

export const AUDIT_AREA_KEYS = [
  'security',
  'articles',
  'talks',
  'albums',
  'photos',
  'music',
  'comments',
  'chat',
  'board',
  'users',
  'notices',
  'taxonomy',
  'site',
  'links',
  'resources',
  'siteList',
  'transfer',
  'other',
] as const;
export type AuditAreaKey = (typeof AUDIT_AREA_KEYS)[number];

export const AUDIT_PAGE_SIZE = 20;

/** The log's search as the administrator fills it in; days are YYYY-MM-DD in the browser's own time zone. */
export interface AuditSearch {
  actor: string;
  area: AuditAreaKey | '';
  object: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_SEARCH: AuditSearch = { actor: '', area: '', object: '', from: '', to: '' };

export interface AuditItem {
  id: number;
  at: string;
  actorName: string;
  /** Null for a failed sign-in (the name it tried) and the command line. */
  actorId: number | null;
  area: AuditAreaKey;
  action: string;
  objectId: string;
  summary: string;
  address: string;
  userAgent: string;
  /** Autosaves of one sitting counted in this entry. */
  times: number;
}

/**
 * The instants a search's days stand for: from the start of the first day to the start of the day after the
 * last, in the time zone the days were picked in.
 */
export function dayBounds(
  search: Pick<AuditSearch, 'from' | 'to'>,
  /** Minutes from local time to UTC on that day, as Date#getTimezoneOffset gives them. */
  zoneOffsetMinutes: (day: string) => number,
): { from?: string; to?: string } {
  const start = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, date) + zoneOffsetMinutes(day) * 60_000;
  };
  const bounds: { from?: string; to?: string } = {};
  if (/^\d{4}-\d{2}-\d{2}$/.test(search.from)) bounds.from = new Date(start(search.from)).toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(search.to)) bounds.to = new Date(start(search.to) + 86_400_000).toISOString();
  return bounds;
}
