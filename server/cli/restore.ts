import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as zhCN from '../../src/i18n/zh-CN';
import { loadConfig } from '../config';
import { RestoreRefused, restoreBackup } from '../adapters/backup/restore';
import { downloadNewestScheduledBackup } from '../adapters/backup/scheduledBackups';
import { bucketBackups, bucketOf, openSiteStores } from '../adapters/storage/siteStores';
import { terminalProgress } from './backupProgress';
import { runCommand } from './command';

const text = zhCN.backup;

const FROM_BUCKET = '--from-bucket';

/**
 * `npm run restore -- <file>`: into the configured data folder (DATA_DIR, MUSIC_DIR) and database
 * (DATABASE_URL, or SQLite), which must be empty. Run it before the site's first start.
 * `npm run restore -- --from-bucket` takes the newest scheduled backup of the bucket (BACKUP_TARGET=bucket).
 */
async function main(args: string[]): Promise<number> {
  if (args.length !== 1 || (args[0]!.startsWith('--') && args[0] !== FROM_BUCKET)) {
    console.error(text.restoreUsage);
    return 2;
  }
  const config = loadConfig();
  const started = performance.now();
  const progress = terminalProgress();
  const stores = await openSiteStores(config.dataDir, config.storage);
  const backups = bucketBackups(stores);
  const downloaded = args[0] === FROM_BUCKET && backups ? await downloadNewestScheduledBackup(backups) : undefined;
  if (args[0] === FROM_BUCKET && !downloaded) {
    stores.close();
    console.error(text.noBucketBackup);
    return 1;
  }
  try {
    await restoreBackup({
      bucket: bucketOf(stores),
      file: downloaded?.file ?? path.resolve(args[0]!),
      dataDir: config.dataDir,
      musicDir: config.musicDir,
      databaseUrl: config.databaseUrl,
      progress,
    });
  } catch (error) {
    progress?.stop();
    if (error instanceof RestoreRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await downloaded?.dispose();
    stores.close();
  }
  progress?.stop();
  console.log(text.restored(((performance.now() - started) / 1000).toFixed(1)));
  return 0;
}

await runCommand(main);
