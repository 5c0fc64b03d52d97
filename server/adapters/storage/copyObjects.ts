import { AppError } from '../../domain/errors';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { ObjectStore } from '../../ports/mediaStore';

export interface CopyReport {
  copied: number;
  /** Already in the target with the same size: a migration run again copies only what is missing. */
  skipped: number;
}

/**
 * Copies every object of `from` into `to` under the same key, each checked by size once written. Nothing is
 * deleted on either side: the source stays until its owner removes it.
 */
export async function copyObjects(from: ObjectStore, to: ObjectStore): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0 };
  for (const object of await from.list('')) {
    if ((await to.stat(object.key))?.size === object.size) {
      report.skipped += 1;
      continue;
    }
    const found = await from.get(object.key);
    if (!found) continue;
    await to.put(object.key, found.body);
    if ((await to.stat(object.key))?.size !== object.size)
      throw new AppError('conflict', zhCN.backup.migrateMismatch(object.key));
    report.copied += 1;
  }
  return report;
}
