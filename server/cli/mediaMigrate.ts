import path from 'node:path';
import * as zhCN from '../../src/i18n/zh-CN';
import { loadConfig } from '../config';
import { AppError } from '../domain/errors';
import { copyObjects } from '../adapters/storage/copyObjects';
import { LocalObjectStore } from '../adapters/storage/localObjectStore';
import { openSiteStores } from '../adapters/storage/siteStores';
import { runCommand } from './command';

const text = zhCN.backup;

/**
 * `npm run media:migrate -- to-bucket`: copies DATA_DIR/media and MUSIC_DIR into the bucket MEDIA_STORE=s3 names
 * (`media/`, `music/`); `to-local` copies them back. Nothing is deleted; a second run copies only what is missing.
 */
async function main(args: string[]): Promise<number> {
  const direction = args[0];
  if (direction !== 'to-bucket' && direction !== 'to-local') {
    console.error(text.migrateUsage);
    return 2;
  }
  const config = loadConfig();
  if (config.storage?.kind !== 's3') throw new AppError('invalid', text.migrateNeedsBucket);
  const stores = await openSiteStores(config.dataDir, config.storage);
  try {
    const pairs = [
      [text.stage.media!, new LocalObjectStore(path.join(config.dataDir, 'media')), stores.media.objects],
      [text.stage.music!, new LocalObjectStore(config.musicDir), stores.music!],
    ] as const;
    for (const [part, local, bucket] of pairs) {
      const report = direction === 'to-bucket' ? await copyObjects(local, bucket) : await copyObjects(bucket, local);
      console.log(text.migrated(part, report.copied, report.skipped));
    }
    return 0;
  } finally {
    stores.close();
  }
}

await runCommand(main);
