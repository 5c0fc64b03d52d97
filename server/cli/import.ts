import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { runCommand, withDatabase } from './command';
import { recordCommand } from './commandAudit';
import { importCommentFiles } from './importComments';
import { KyselyArticleRepository } from '../adapters/db/content/articleRepository';
import { KyselyOldAddressRepository } from '../adapters/db/content/oldAddressRepository';
import { WxrImporter } from '../adapters/import/wxr/wxrImporter';
import { unpackZip } from '../adapters/transfer/zipReader';
import { findWordpressExport } from '../adapters/import/wxr/wordpressFolder';
import { wxrBatches } from '../adapters/import/wxr/wxrBatches';
import { IMPORT_MAX_FILES, IMPORT_MAX_UNZIPPED_BYTES } from '../../src/protocol/console/transfer';
import { wxrCommentLines } from '../adapters/import/wxr/wxrReport';
import { isWxrFile } from '../adapters/import/wxr/wxrReader';
import type { CommentSystem } from '../adapters/import/comments/record';
import { detectImport } from '../adapters/import/detectImport';
import { isHaloBackupFolder } from '../adapters/import/halo/haloImporter';
import { findBlogBackup, importBlogBackup, type BlogBackupSource } from '../adapters/import/importBlogBackup';
import { importReport } from '../adapters/import/importReport';
import { findMarkdownFiles, MarkdownImporter, type ImportOutcome } from '../adapters/import/markdownImporter';
import { LocalMediaStore } from '../adapters/media/localMediaStore';
import type { CommentImportOptions } from '../domain/comments/commentImport';
import { ImportProblem } from '../domain/content/frontMatter';
import { contentMessages } from '../domain/content/messages';
import type { ReadTopic } from '../domain/hotReads';

const text = contentMessages.importer;

/** Options that take a value, and the flags. */
const VALUE_OPTIONS = ['--root', '--permalink', '--uploads', '--as', '--guestbook'] as const;

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
 * `npm run import -- <folder, files, WordPress export, Typecho or Halo backup, or comment exports…>`: Markdown
 * posts, WordPress exports and blog backups (told apart by their content; a backup's comments come along)
 * into the configured database and media folder, then the comment
 * exports (Twikoo, Waline, Valine, Artalk, Disqus) under the articles. `--as <user>`: the administrator the
 * old blog's own comments go to; `--guestbook <path>`: the old guestbook's address.
 */
async function main(args: string[]): Promise<number> {
  const work: string[] = [];
  try {
    return await importTargets(args, work);
  } finally {
    for (const folder of work) await fs.rm(folder, { recursive: true, force: true });
  }
}

type Unzipped = { wxr: { file: string; uploads?: string } } | { backup: BlogBackupSource };

/**
 * A zip, unpacked into a work folder (removed at the end): a WordPress export with its `wp-content/uploads`,
 * a Halo 2 backup, or a Typecho backup with its `usr/uploads`.
 */
async function unzipExport(zip: string, work: string[]): Promise<Unzipped> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'blog-import-'));
  work.push(folder);
  const files = await unpackZip(zip, folder, { maxFiles: IMPORT_MAX_FILES, maxBytes: IMPORT_MAX_UNZIPPED_BYTES });
  const wordpress = await findWordpressExport(folder, files);
  if (wordpress) return { wxr: { file: wordpress.wxr, ...(wordpress.uploads === undefined ? {} : { uploads: wordpress.uploads }) } };
  const backup = await findBlogBackup(folder, files);
  if (backup) return { backup };
  throw new ImportProblem(text.wxr.noExportInZip(zip));
}

async function importTargets(args: string[], work: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(text.usage);
    return 2;
  }
  const { values, dryRun } = parsed;
  const wxrFiles: { file: string; uploads?: string | undefined }[] = [];
  const markdownTargets: string[] = [];
  const commentFiles: { file: string; system: CommentSystem }[] = [];
  const backups: BlogBackupSource[] = [];
  for (const target of parsed.targets) {
    // Only a file is judged by its content (a folder is read as Markdown posts, or as an unpacked Halo backup).
    const stat = await fs.stat(target).catch(() => undefined);
    const isFile = stat?.isFile() ?? false;
    if (isFile && (await isWxrFile(target))) {
      wxrFiles.push({ file: target, uploads: values.get('--uploads') });
      continue;
    }
    if (stat?.isDirectory() && (await isHaloBackupFolder(target))) {
      backups.push({ kind: 'halo', folder: target });
      continue;
    }
    const isExport = isFile && !/\.(md|markdown)$/i.test(target);
    const kind = isExport ? await detectImport(target) : undefined;
    if (kind?.kind === 'comments') commentFiles.push({ file: target, system: kind.system });
    else if (kind?.kind === 'typecho') backups.push({ kind: 'typecho', file: target });
    else if (kind?.kind === 'zip') {
      const found = await unzipExport(target, work);
      if ('wxr' in found) wxrFiles.push(found.wxr);
      else backups.push(found.backup);
    } else if (isExport) throw new ImportProblem(contentMessages.commentImport.unknownFile(target));
    else markdownTargets.push(target);
  }
  const commentOptions: CommentImportOptions = {
    ...(values.has('--as') ? { as: { username: values.get('--as')! } } : {}),
    ...(values.has('--guestbook') ? { guestbook: values.get('--guestbook')! } : {}),
    dryRun,
  };
  const root = values.get('--root');
  const permalink = values.get('--permalink');
  const files =
    markdownTargets.length === 0
      ? []
      : await findMarkdownFiles(markdownTargets, { ...(root ? { root } : {}), ...(permalink ? { permalink } : {}) });
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
    for (const source of backups) {
      const { result, commentLines } = await importBlogBackup(database, deps, source, { ...commentOptions, uploads: values.get('--uploads') }, (outcome) => {
        if (outcome.status === 'failed' || !process.stdout.isTTY) console.log(line(outcome));
      });
      outcomes.push(...result.outcomes);
      for (const skipped of result.skipped) console.log(skipped);
      for (const commentLine of commentLines) console.log(commentLine);
    }
    for (const { file: wxr, uploads } of wxrFiles) {
      const wxrImporter = new WxrImporter({ batch: wxrBatches(database), media: deps.media, changes: deps.changes });
      const result = await wxrImporter.importFile(wxr, { uploads, dryRun, comments: commentOptions }, (outcome) => {
        if (outcome.status === 'failed' || !process.stdout.isTTY) console.log(line(outcome));
      });
      outcomes.push(...result.outcomes);
      for (const [kind, count] of Object.entries(result.skipped)) console.log(text.wxr.skipped(kind, count));
      for (const reportLine of wxrCommentLines(result)) console.log(reportLine);
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
      }, { dryRun })));
      bars.stop();
    } else if (files.length > 0) {
      outcomes.push(...(await importer.importFiles(files, (outcome) => console.log(line(outcome)), { dryRun })));
    }
    const count = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status).length;
    if (files.length + wxrFiles.length + backups.length > 0) {
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
    if (!dryRun) await recordCommand(database, 'transfer', ['import', ...args].join(' '));
    return count('failed') > 0 ? 1 : 0;
  });
}

await runCommand(main);
