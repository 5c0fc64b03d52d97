import path from 'node:path';
import cliProgress from 'cli-progress';
import { runCommand, withDatabase } from './command';
import { KyselyArticleRepository } from '../adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../adapters/db/content/oldAddressRepository';
import { WxrImporter } from '../adapters/import/wxr/wxrImporter';
import { isWxrFile } from '../adapters/import/wxr/wxrReader';
import { importReport } from '../adapters/import/importReport';
import { findMarkdownFiles, MarkdownImporter, type ImportOutcome } from '../adapters/import/markdownImporter';
import { LocalMediaStore } from '../adapters/media/localMediaStore';
import { contentMessages } from '../domain/content/messages';
import type { ReadTopic } from '../domain/hotReads';

const text = contentMessages.importer;

/** Options that take a value, and the flags. */
const VALUE_OPTIONS = ['--root', '--permalink', '--uploads'] as const;

function parseArgs(args: string[]): { targets: string[]; values: Map<string, string>; dryRun: boolean } | undefined {
  const targets: string[] = [];
  const values = new Map<string, string>();
  let dryRun = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if ((VALUE_OPTIONS as readonly string[]).includes(arg)) {
      const value = args[++i];
      if (!value) return undefined;
      values.set(arg, value);
    } else if (arg === '--dry-run') dryRun = true;
    else targets.push(arg);
  }
  return targets.length === 0 ? undefined : { targets, values, dryRun };
}

/**
 * `npm run import -- <folder, files or WordPress export…>`: Markdown posts and WordPress exports (told apart by
 * their content) into the configured database and media folder.
 */
async function main(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(text.usage);
    return 2;
  }
  const { values, dryRun } = parsed;
  const wxrFiles: string[] = [];
  const markdownTargets: string[] = [];
  for (const target of parsed.targets) (((await isWxrFile(target)) ? wxrFiles : markdownTargets) as string[]).push(target);
  const root = values.get('--root');
  const permalink = values.get('--permalink');
  const files =
    markdownTargets.length === 0
      ? []
      : await findMarkdownFiles(markdownTargets, { ...(root ? { root } : {}), ...(permalink ? { permalink } : {}) });
  if (dryRun && files.length > 0) {
    console.error(text.wxr.dryRunMarkdown);
    return 2;
  }
  return withDatabase(async (database, config) => {
    const changed = new Set<ReadTopic>();
    const deps = {
      articles: new KyselyArticleRepository(database.db, database.dialect),
      oldAddresses: new KyselyOldAddressRepository(database.db),
      media: new LocalMediaStore(path.join(config.dataDir, 'media')),
      changes: { changed: (topics: readonly ReadTopic[]) => topics.forEach((topic) => changed.add(topic)) },
    };
    const importer = new MarkdownImporter(deps);
    const line = (outcome: ImportOutcome) =>
      outcome.status === 'failed'
        ? `${text.failed(outcome.file.relative)}\n  ${outcome.error}`
        : outcome.status === 'created'
          ? text.created(outcome.file.relative)
          : text.updated(outcome.file.relative);

    const outcomes: ImportOutcome[] = [];
    if (dryRun) console.log(text.wxr.dryRun);
    for (const wxr of wxrFiles) {
      const result = await new WxrImporter(deps).importFile(wxr, { uploads: values.get('--uploads'), dryRun }, (outcome) => {
        if (outcome.status === 'failed' || !process.stdout.isTTY) console.log(line(outcome));
      });
      outcomes.push(...result.outcomes);
      for (const [kind, count] of Object.entries(result.skipped)) console.log(text.wxr.skipped(kind, count));
      if (result.comments > 0) console.log(text.wxr.comments(result.comments, result.pingbacks));
    }
    if (files.length > 0 && process.stdout.isTTY) {
      const bars = new cliProgress.MultiBar(
        { format: `${text.progress} [{bar}] {value}/{total} {file}`, hideCursor: true, clearOnComplete: false },
        cliProgress.Presets.shades_classic,
      );
      const bar = bars.create(files.length, 0, { file: '' });
      outcomes.push(...(await importer.importFiles(files, (outcome) => {
        if (outcome.status === 'failed') bars.log(`${line(outcome)}\n`);
        bar.increment({ file: outcome.file.relative });
      })));
      bars.stop();
    } else if (files.length > 0) {
      outcomes.push(...(await importer.importFiles(files, (outcome) => console.log(line(outcome)))));
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
