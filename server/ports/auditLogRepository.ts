import type { AuditArea } from '../../src/protocol/console/audit';
import type { AuditActor, AuditRecord } from '../domain/audit/auditEntry';

/** One stored entry of the administrator's log. */
export interface StoredAuditEntry {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  area: AuditArea;
  action: string;
  objectId: string;
  summary: string;
  address: string;
  userAgent: string;
  times: number;
}

export interface AuditFilter {
  /** Part of the actor's name. */
  actor?: string;
  area?: AuditArea;
  /** The object's id, or part of the summary. */
  object?: string;
  /** ISO-8601 instants, inclusive from, exclusive to. */
  from?: string;
  to?: string;
}

/** The log's store: entries are added, merged (autosaves) and purged by age; nothing else changes them. */
export interface AuditLogRepository {
  /**
   * Adds an entry at `at`; with a merge key, an entry of the same key written since `mergeSince` takes the new
   * time and summary and counts one more write instead.
   */
  record(entry: AuditRecord, actor: AuditActor, at: string, mergeSince: string): Promise<void>;
  /** Newest first. */
  list(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: StoredAuditEntry[]; total: number }>;
  /** Removes entries older than `before`; answers how many. */
  purgeBefore(before: string): Promise<number>;
}
