import type { CommentImportOptions, CommentImportReport } from '../../domain/comments/commentImport';
import type { DatabaseHandle } from '../db/connect';
import type { BlogBackupDeps, BlogBackupOptions, BlogBackupResult } from './blogBackup';
import { commentReportLines } from './comments/commentReport';
import { commentImporter } from './comments/importCommentExport';
import { HaloImporter } from './halo/haloImporter';
import type { ImportOutcome } from './markdownImporter';
import { TypechoImporter } from './typecho/typechoImporter';

/** A whole blog's backup: Typecho's `.dat` file, or an unpacked Halo 2 backup zip (its folder). */
export type BlogBackupSource = { kind: 'typecho'; file: string } | { kind: 'halo'; folder: string };

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
      ? await new TypechoImporter(deps).importFile(source.file, options, onItem)
      : await new HaloImporter(deps).importFolder(source.folder, options, onItem);
  const comments = await commentImporter(database).run(result.comments, options);
  if (!options.dryRun && comments.added + comments.board + comments.counters > 0) deps.changes?.changed(['articles', 'articleCounters', 'comments']);
  return { result, comments, commentLines: commentReportLines(comments, result.refusedComments) };
}
