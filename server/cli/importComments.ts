import type { DatabaseHandle } from '../adapters/db/connect';
import { KyselyCommentImportStore } from '../adapters/db/commentImportStore';
import { KyselyCommentRepository } from '../adapters/db/commentRepository';
import { commentReportLines } from '../adapters/import/comments/commentReport';
import { readCommentExport } from '../adapters/import/comments/readExport';
import type { CommentSystem } from '../adapters/import/comments/record';
import { createCommentRenderer } from '../adapters/markdown/commentRenderer';
import { CommentImport, type CommentImportOptions } from '../domain/comments/commentImport';
import { contentMessages } from '../domain/content/messages';

const text = contentMessages.commentImport;

/** Imports comment exports (after the posts of the same run), printing each one's report; whether anything was written. */
export async function importCommentFiles(
  database: DatabaseHandle,
  files: { file: string; system: CommentSystem }[],
  options: CommentImportOptions,
): Promise<boolean> {
  const importer = new CommentImport({
    comments: new KyselyCommentRepository(database.db, database.dialect),
    store: new KyselyCommentImportStore(database.db),
    renderer: createCommentRenderer(),
  });
  if (options.dryRun) console.log(text.dryRun);
  let written = false;
  for (const { file, system } of files) {
    console.log(text.reading(file, text.systems[system]));
    const exported = await readCommentExport(file, system);
    const report = await importer.run(exported, options);
    for (const line of commentReportLines(report, exported.refused)) console.log(`  ${line}`);
    written ||= !options.dryRun && report.added + report.board + report.counters > 0;
  }
  return written;
}
