import type { DatabaseHandle } from '../adapters/db/connect';
import { importCommentExport } from '../adapters/import/comments/importCommentExport';
import type { CommentSystem } from '../adapters/import/comments/record';
import type { CommentImportOptions } from '../domain/comments/commentImport';
import { contentMessages } from '../domain/content/messages';

const text = contentMessages.commentImport;

/** Imports comment exports (after the posts of the same run), printing each one's report; whether anything was written. */
export async function importCommentFiles(
  database: DatabaseHandle,
  files: { file: string; system: CommentSystem }[],
  options: CommentImportOptions,
): Promise<boolean> {
  if (options.dryRun) console.log(text.dryRun);
  let written = false;
  for (const { file, system } of files) {
    console.log(text.reading(file, text.systems[system]));
    const { report, lines } = await importCommentExport(database, file, system, options);
    for (const line of lines) console.log(`  ${line}`);
    written ||= !options.dryRun && report.added + report.board + report.counters > 0;
  }
  return written;
}
