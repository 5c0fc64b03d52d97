import type { AuditItem, AuditSearch } from '../../domain/console/audit/audit';
import type { ListPage } from '../../domain/console/moderation/moderation';

/** The console's 操作日志 (administrators only). Nothing here changes an entry: the log is read only. */
export interface AuditApi {
  entries(search: AuditSearch, current: number, size: number): Promise<ListPage<AuditItem>>;
  /** Where the same search downloads as CSV. */
  csvUrl(search: AuditSearch): Promise<string>;
}
