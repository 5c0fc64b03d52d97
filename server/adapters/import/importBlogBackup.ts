import path from 'node:path';
import type { CommentImportOptions, CommentImportReport } from '../../domain/comments/commentImport';
import type { DatabaseHandle } from '../db/connect';
import type { BlogBackupDeps, BlogBackupOptions, BlogBackupResult } from './blogBackup';
import { commentReportLines } from './comments/commentReport';
import { commentImporter } from './comments/importCommentExport';
import { detectImport } from './detectImport';
import { HaloImporter, isHaloBackupFolder } from './halo/haloImporter';
import type { ImportOutcome } from './markdownImporter';
import { TypechoImporter } from './typecho/typechoImporter';

/** A whole blog's backup: Typecho's `.dat` file (with the old site's `usr/uploads` when it came along), or an unpacked Halo 2 backup zip (its folder). */
export type BlogBackupSource = { kind: 'typecho'; file: string; uploads?: string } | { kind: 'halo'; folder: string };

/**
 * The blog backup an unpacked zip holds, judged by content: a Halo 2 backup (`extensions.data` at its top),
 * or a Typecho `.dat` anywhere in it, with the `usr/uploads` folder beside it when there is one.
 */
export async function findBlogBackup(folder: string, files: readonly string[]): Promise<BlogBackupSource | undefined> {
  if (await isHaloBackupFolder(folder)) return { kind: 'halo', folder };
  for (const file of files.filter((name) => /\.dat$/i.test(name))) {
    const at = path.join(folder, ...file.split('/'));
    if ((await detectImport(at))?.kind !== 'typecho') continue;
    const upload = files.map((name) => /^(.*?\/)?usr\/uploads\//.exec(name)).find((match) => match !== null);
    return { kind: 'typecho', file: at, ...(upload ? { uploads: path.join(folder, ...`${upload[1] ?? ''}usr/uploads`.split('/')) } : {}) };
  }
  return undefined;
}

export interface BlogBackupImport {
  result: BlogBackupResult;
  comments: CommentImportReport;
  /** The comments' report, line by line. */
  commentLines: string[];
}

/**
 * Imports a blog's backup (the CLI and the console upload alike): its posts first, then its comments under
 * the articles just written. Told of every article and comment written through `deps.changes`.
 */
export async function importBlogBackup(
  database: DatabaseHandle,
  deps: BlogBackupDeps,
  source: BlogBackupSource,
  options: BlogBackupOptions & CommentImportOptions,
  onItem?: (outcome: ImportOutcome) => void,
): Promise<BlogBackupImport> {
  const result =
    source.kind === 'typecho'
      ? await new TypechoImporter(deps).importFile(source.file, { ...options, uploads: source.uploads ?? options.uploads }, onItem)
      : await new HaloImporter(deps).importFolder(source.folder, options, onItem);
  const comments = await commentImporter(database).run(result.comments, options);
  if (!options.dryRun && comments.added + comments.board + comments.counters > 0) deps.changes?.changed(['articles', 'articleCounters', 'comments']);
  return { result, comments, commentLines: commentReportLines(comments, result.refusedComments) };
}
