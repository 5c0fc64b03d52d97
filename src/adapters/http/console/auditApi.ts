import { dayBounds, type AuditAreaKey, type AuditItem, type AuditSearch } from '../../../domain/console/audit/audit';
import { AUDIT_CSV_PATH, type AuditArea, type AuditPageDto } from '../../../protocol/console/audit';
import type { AuditApi } from '../../../ports/console/auditApi';
import type { HttpClient } from '../httpClient';
import { consoleRequest, queryOf } from './consoleRequest';

// The views' kinds repeat the wire's (the layers may not import each other): a difference fails to compile here.
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const kindsMatch: SameSet<AuditAreaKey, AuditArea> = true;
void kindsMatch;

/** Minutes from the browser's local time to UTC on that day (UTC+8 gives -480). */
const zoneOffset = (day: string) => new Date(`${day}T00:00:00`).getTimezoneOffset();

function params(search: AuditSearch) {
  return { actor: search.actor.trim(), area: search.area, object: search.object.trim(), ...dayBounds(search, zoneOffset) };
}

export function createAuditApi(http: HttpClient): AuditApi {
  const request = consoleRequest(http);
  return {
    async entries(search, current, size) {
      const page = await request<AuditPageDto>({ method: 'GET', url: `/audit${queryOf({ current, size, ...params(search) })}` });
      return { list: page.list satisfies AuditItem[], total: page.total };
    },
    csvUrl: async (search) => `${AUDIT_CSV_PATH}${queryOf(params(search))}`,
  };
}
