import * as zhCN from '../../src/i18n/zh-CN';
import { KyselyAuditLogRepository } from '../adapters/db/auditLogRepository';
import { mediaSweepOf, recordSweep, sweepCounted } from '../adapters/media/mediaCleanup';
import { openSiteStores } from '../adapters/storage/siteStores';
import { DEFAULT_MEDIA_GC_GRACE_HOURS } from '../config';
import { AuditLog } from '../domain/audit/auditLog';
import { systemClock } from '../ports/clock';
import { humanSize } from './backupProgress';
import { runCommand, withDatabase } from './command';

const text = zhCN.backup;

/**
 * `npm run media:gc [-- --dry-run]`: deletes the media objects nothing in the database refers to any more and
 * that are older than MEDIA_GC_GRACE_HOURS, with their variants (what the daily MEDIA_GC_SCHEDULE run does);
 * `--dry-run` lists them and their size and deletes nothing. Follows MEDIA_STORE like the site.
 */
async function main(args: string[]): Promise<number> {
  const dryRun = args.includes('--dry-run');
  if (args.some((arg) => arg !== '--dry-run')) {
    console.error(text.gcUsage);
    return 2;
  }
  return withDatabase(async (database, config) => {
    const stores = await openSiteStores(config.dataDir, config.storage);
    try {
      const graceHours = config.mediaGcGraceHours ?? DEFAULT_MEDIA_GC_GRACE_HOURS;
      const report = await sweepCounted(mediaSweepOf(database, stores), {
        graceHours,
        dryRun,
        onDelete: (object) => {
          if (dryRun) console.log(text.gcWouldDelete(object.key, humanSize(object.size)));
        },
      });
      const summary = dryRun ? text.gcDryRun : text.gcDone;
      console.log(summary(report.examined, report.deleted, humanSize(report.deletedBytes), report.variantsDeleted, humanSize(report.variantBytes), graceHours));
      if (!dryRun) {
        const audit = new AuditLog(new KyselyAuditLogRepository(database.db), systemClock, Number.POSITIVE_INFINITY);
        await recordSweep(audit, report, { id: null, name: '', address: '', userAgent: '' });
      }
      return 0;
    } finally {
      stores.close();
    }
  });
}

await runCommand(main);
