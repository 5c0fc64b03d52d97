import fs from 'node:fs/promises';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { runCommand, withDatabase } from './command';
import { importCommentFiles } from './importComments';
import { KyselyArticleRepository } from '../adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../adapters/db/content/oldAddressRepository';
import type { CommentSystem } from '../adapters/import/comments/record';
import { detectImport } from '../adapters/import/detectImport';
import { importReport } from '../adapters/import/importReport';
import { findMarkdownFiles, MarkdownImporter, type ImportOutcome } from '../adapters/import/markdownImporter';
import { LocalMediaStore } from '../adapters/media/localMediaStore';
import type { CommentImportOptions } from '../domain/comments/commentImport';
import { ImportProblem } from '../domain/content/frontMatter';
import { contentMessages } from '../domain/content/messages';
import type { ReadTopic } from '../domain/hotReads';

const text = contentMessages.importer;

/** Takes `--name value` options and `--flag` switches out of the arguments; the rest are the targets. */
function takeOptions(args: string[], valued: string[], switches: string[]) {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const targets: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (valued.includes(arg)) {
      const value = args[++i];
      if (value === undefined) return undefined;
      values.set(arg, value);
    } else if (switches.includes(arg)) flags.add(arg);
    else targets.push(arg);
  }
  return { values, flags, targets };
}

/**
 * `npm run import -- <folder, files or comment exports…>`: Markdown posts into the configured database and
 * media folder, then the comment exports (Twikoo, Waline, Valine, Artalk, Disqus; known by their content)
 * under the articles.
 */
async function main(args: string[]): Promise<number> {
  // `--root <folder>`: the folder images may be read from, when posts refer to `../images/`.
  // `--as <user>`: the administrator the old blog's own comments go to; `--guestbook <path>`: its guestbook.
  const options = takeOptions(args, ['--root', '--as', '--guestbook'], ['--dry-run']);
  if (!options || options.targets.length === 0) {
    console.error(text.usage);
    return 2;
  }
  const root = options.values.get('--root');
  const commentFiles: { file: string; system: CommentSystem }[] = [];
  const targets: string[] = [];
  for (const target of options.targets) {
    const isFile = (await fs.stat(target).catch(() => undefined))?.isFile() ?? false;
    const kind = isFile && !/\.(md|markdown)$/i.test(target) ? await detectImport(target) : undefined;
    if (kind) commentFiles.push({ file: target, system: kind.system });
    else if (isFile && !/\.(md|markdown)$/i.test(target)) throw new ImportProblem(contentMessages.commentImport.unknownFile(target));
    else targets.push(target);
  }
  // A dry run reads comment exports only: the Markdown importer writes as it goes.
  const files = targets.length === 0 || options.flags.has('--dry-run') ? [] : await findMarkdownFiles(targets, root ? { root } : {});
  const commentOptions: CommentImportOptions = {
    ...(options.values.has('--as') ? { as: { username: options.values.get('--as')! } } : {}),
    ...(options.values.has('--guestbook') ? { guestbook: options.values.get('--guestbook')! } : {}),
    dryRun: options.flags.has('--dry-run'),
  };
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

    let outcomes: ImportOutcome[] = [];
    if (files.length === 0) {
      // Comment exports only.
    } else if (process.stdout.isTTY) {
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
    const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
    if (files.length > 0) {
      for (const reportLine of importReport(outcomes)) console.log(reportLine);
      console.log(text.summary(count('created'), count('updated'), count('failed')));
    }
    // After the posts: their comments find the articles this run wrote.
    if (commentFiles.length > 0 && (await importCommentFiles(database, commentFiles, commentOptions))) {
      for (const topic of ['articles', 'articleCounters', 'comments'] as const) changed.add(topic);
    }
    // Running servers keep the home list, taxonomy and facts in memory: tell them through Redis when there
    // is one; otherwise they show the new articles within their cache's time bound (READ_CACHE_TTL_MS).
    if (changed.size > 0 && config.redisUrl) {
      const { announceChanges } = await import('../adapters/cache/redisChangeRelay');
      await announceChanges(config.redisUrl, [...changed]).catch(() => undefined);
    }
    return count('failed') > 0 ? 1 : 0;
  });
}

await runCommand(main);
