import { KyselyAuditLogRepository } from '../adapters/db/auditLogRepository';
import type { DatabaseHandle } from '../adapters/db/connect';
import { AuditLog } from '../domain/audit/auditLog';
import { systemClock } from '../ports/clock';
import * as zhCN from '../../src/i18n/zh-CN';
import type { AuditArea } from '../../src/protocol/console/audit';

/** No account, no address: the console shows such an entry as 命令行. */
const COMMAND_LINE = { id: null, name: '', address: '', userAgent: '' };

/**
 * Writes a command-line tool's change into the administrator's log: `line` is what followed `npm run`
 * (`user reset-password alice`), never a password (the tools print those, they are not given them).
 */
export function recordCommand(database: DatabaseHandle, area: AuditArea, line: string): Promise<void> {
  const log = new AuditLog(new KyselyAuditLogRepository(database.db), systemClock, Number.POSITIVE_INFINITY);
  return log.record({ area, action: 'command', objectId: '', summary: zhCN.consoleAudit.command(line) }, COMMAND_LINE);
}
