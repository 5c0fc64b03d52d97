import type { Kysely } from 'kysely';
import type { AuditArea } from '../../../src/protocol/console/audit';
import type { AuditActor, AuditRecord } from '../../domain/audit/auditEntry';
import type { AuditFilter, AuditLogRepository, StoredAuditEntry } from '../../ports/auditLogRepository';
import { containsText } from './containsText';
import type { Database } from './schema';

/** The administrator's log on SQLite or PostgreSQL. */
export class KyselyAuditLogRepository implements AuditLogRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: AuditRecord, actor: AuditActor, at: string, mergeSince: string): Promise<void> {
    if (entry.mergeKey !== undefined) {
      const merged = await this.db
        .updateTable('audit_log')
        .set((eb) => ({ at, summary: entry.summary, times: eb(eb.ref('times'), '+', 1) }))
        .where('merge_key', '=', entry.mergeKey)
        .where('at', '>=', mergeSince)
        .executeTakeFirst();
      if (Number(merged.numUpdatedRows) > 0) return;
    }
    await this.db
      .insertInto('audit_log')
      .values({
        at,
        actor_id: actor.id,
        actor_name: actor.name,
        area: entry.area,
        action: entry.action,
        object_id: entry.objectId,
        summary: entry.summary,
        address: actor.address,
        user_agent: actor.userAgent,
        merge_key: entry.mergeKey ?? null,
      })
      .execute();
  }

  async list(filter: AuditFilter, limit: number, offset: number): Promise<{ rows: StoredAuditEntry[]; total: number }> {
    let matching = this.db.selectFrom('audit_log');
    if (filter.actor) matching = matching.where(containsText('actor_name', filter.actor));
    if (filter.area) matching = matching.where('area', '=', filter.area);
    const object = filter.object;
    if (object) matching = matching.where((eb) => eb.or([eb('object_id', '=', object), containsText('summary', object)]));
    if (filter.from) matching = matching.where('at', '>=', filter.from);
    if (filter.to) matching = matching.where('at', '<', filter.to);
    const [rows, count] = await Promise.all([
      matching.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((row) => ({
        id: Number(row.id),
        at: row.at,
        actorId: row.actor_id === null ? null : Number(row.actor_id),
        actorName: row.actor_name,
        area: row.area as AuditArea,
        action: row.action,
        objectId: row.object_id,
        summary: row.summary,
        address: row.address,
        userAgent: row.user_agent,
        times: Number(row.times),
      })),
      total: Number(count.n),
    };
  }

  async purgeBefore(before: string): Promise<number> {
    const removed = await this.db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
    return Number(removed.numDeletedRows);
  }
}
