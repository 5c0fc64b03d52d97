import cliProgress from 'cli-progress';
import * as zhCN from '../../src/i18n/zh-CN';
import { LocalLibrary, defaultCacheDir } from '../adapters/music/localLibrary';
import { musicLibraryFiles, openSiteStores } from '../adapters/storage/siteStores';
import { systemClock } from '../ports/clock';
import { CHANGE_RELAY_PREFIX } from '../domain/hotReads';
import { runCommand, withDatabase } from './command';

const text = zhCN.musicServer.scan;

/** `npm run music:scan`: reads the music folder (or the bucket's listing) into the catalogue now, with a progress bar; exits 1 if a file was skipped. */
async function main(): Promise<number> {
  return withDatabase(async (database, config) => {
    const bar = process.stdout.isTTY
      ? new cliProgress.SingleBar(
          { format: `${text.scanning} [{bar}] {value}/{total} {file}`, hideCursor: true },
          cliProgress.Presets.shades_classic,
        )
      : undefined;
    const stores = await openSiteStores(config.dataDir, config.storage);
    const library = new LocalLibrary({
      db: database.db,
      files: musicLibraryFiles(stores, config.musicDir),
      cacheDir: defaultCacheDir(config.dataDir),
      clock: systemClock,
    });
    let started = false;
    const report = await library.rescan((done, total, file) => {
      if (!bar) return;
      if (!started) bar.start(total, 0, { file: '' });
      started = true;
      bar.update(done, { file });
    });
    bar?.stop();
    stores.close();
    // Running instances reload the catalogue this scan wrote (they watch no bucket).
    if (config.redisUrl) {
      const { RedisChangeRelay } = await import('../adapters/cache/redisChangeRelay');
      const relay = new RedisChangeRelay({
        url: config.redisUrl,
        prefix: CHANGE_RELAY_PREFIX,
        onRemoteChange: () => undefined,
        onResync: () => undefined,
      });
      await relay.whenReady();
      relay.publish(['music']);
      await relay.close();
    }
    for (const { file, reason } of report.skipped) console.error(text.skipped(file, reason));
    console.log(text.done(report.songs, report.playlists, report.skipped.length));
    return report.skipped.length > 0 ? 1 : 0;
  });
}

await runCommand(main);
