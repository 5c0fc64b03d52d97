import path from 'node:path';
import cliProgress from 'cli-progress';
import { runCommand, withDatabase } from './command';
import { KyselyArticleRepository } from '../adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../adapters/db/content/oldAddressRepository';
import { importReport } from '../adapters/import/importReport';
import { findMarkdownFiles, MarkdownImporter, type ImportOutcome } from '../adapters/import/markdownImporter';
import { LocalMediaStore } from '../adapters/media/localMediaStore';
import { contentMessages } from '../domain/content/messages';
import type { ReadTopic } from '../domain/hotReads';

const text = contentMessages.importer;

/** `npm run import -- <folder or files…>`: Markdown posts into the configured database and media folder. */
async function main(args: string[]): Promise<number> {
  // `--root <folder>`: the folder images may be read from, when posts refer to `../images/`.
  const rootAt = args.indexOf('--root');
  const root = rootAt >= 0 ? args[rootAt + 1] : undefined;
  const targets = rootAt >= 0 ? args.filter((_, i) => i !== rootAt && i !== rootAt + 1) : args;
  if (targets.length === 0 || (rootAt >= 0 && !root)) {
    console.error(text.usage);
    return 2;
  }
  const files = await findMarkdownFiles(targets, root ? { root } : {});
  return withDatabase(async (database, config) => {
    const changed = new Set<ReadTopic>();
    const importer = new MarkdownImporter({
      articles: new KyselyArticleRepository(database.db, database.dialect),
      oldAddresses: new KyselyOldAddressRepository(database.db),
      media: new LocalMediaStore(path.join(config.dataDir, 'media')),
      changes: { changed: (topics) => topics.forEach((topic) => changed.add(topic)) },
    });
    const line = (outcome: ImportOutcome) =>
      outcome.status === 'failed'
        ? `${text.failed(outcome.file.relative)}\n  ${outcome.error}`
        : outcome.status === 'created'
          ? text.created(outcome.file.relative)
          : text.updated(outcome.file.relative);

    let outcomes: ImportOutcome[];
    if (process.stdout.isTTY) {
      const bars = new cliProgress.MultiBar(
        { format: `${text.progress} [{bar}] {value}/{total} {file}`, hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      );
      const bar = bars.create(files.length, 0, { file: '' });
      outcomes = await importer.importFiles(files, (outcome) => {
        if (outcome.status === 'failed') bars.log(`${line(outcome)}\n`);
        bar.increment({ file: outcome.file.relative });
      });
      bars.stop();
    } else {
      outcomes = await importer.importFiles(files, (outcome) => console.log(line(outcome)));
    }
    // Running servers keep the home list, taxonomy and facts in memory: tell them through Redis when there
    // is one; otherwise they show the new articles within their cache's time bound (READ_CACHE_TTL_MS).
    if (changed.size > 0 && config.redisUrl) {
      const { announceChanges } = await import('../adapters/cache/redisChangeRelay');
      await announceChanges(config.redisUrl, [...changed]).catch(() => undefined);
    }
    const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
    for (const reportLine of importReport(outcomes)) console.log(reportLine);
    console.log(text.summary(count('created'), count('updated'), count('failed')));
    return count('failed') > 0 ? 1 : 0;
  });
}

await runCommand(main);
