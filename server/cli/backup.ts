import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as zhCN from '../../src/i18n/zh-CN';
import { createBackup } from '../adapters/backup/backup';
import { bucketOf, openSiteStores } from '../adapters/storage/siteStores';
import { humanSize, terminalProgress } from './backupProgress';
import { runCommand, withDatabase } from './command';

const text = zhCN.backup;

/** `npm run backup -- <file> [--without-music-files]`: one archive of the whole site, taken while it runs. */
async function main(args: string[]): Promise<number> {
  const withoutMusic = args.includes('--without-music-files');
  const files = args.filter((arg) => !arg.startsWith('--'));
  if (files.length !== 1 || args.some((arg) => arg.startsWith('--') && arg !== '--without-music-files')) {
    console.error(text.backupUsage);
    return 2;
  }
  const file = path.resolve(files[0]!);
  const started = performance.now();
  const progress = terminalProgress();
  const manifest = await withDatabase(async (database, config) => {
    const stores = await openSiteStores(config.dataDir, config.storage);
    try {
      return await createBackup({
        bucket: bucketOf(stores),
        database,
        dataDir: config.dataDir,
        musicDir: config.musicDir,
        file,
        withMusicFiles: !withoutMusic,
        progress,
      });
    } finally {
      progress?.stop();
      stores.close();
    }
  });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(
    text.backedUp(file, humanSize(fs.statSync(file).size), ((performance.now() - started) / 1000).toFixed(1)),
  );
  console.log(text.backupCounts(rows, manifest.media.files, manifest.music.files, manifest.music.included));
  return 0;
}

await runCommand(main);
