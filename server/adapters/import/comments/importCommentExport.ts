import { CommentImport, type CommentImportOptions, type CommentImportReport } from '../../../domain/comments/commentImport';
import { KyselyCommentImportStore } from '../../db/commentImportStore';
import { KyselyCommentRepository } from '../../db/commentRepository';
import type { DatabaseHandle } from '../../db/connect';
import { createCommentRenderer } from '../../markdown/commentRenderer';
import { commentReportLines } from './commentReport';
import { readCommentExport } from './readExport';
import type { CommentSystem } from './record';

/** One comment export read and imported (the CLI and the console upload alike): the report and its lines. */
export async function importCommentExport(
  database: DatabaseHandle,
  file: string,
  system: CommentSystem,
  options: CommentImportOptions,
): Promise<{ report: CommentImportReport; lines: string[] }> {
  const importer = new CommentImport({
    comments: new KyselyCommentRepository(database.db, database.dialect),
    store: new KyselyCommentImportStore(database.db),
    renderer: createCommentRenderer(),
  });
  const exported = await readCommentExport(file, system);
  const report = await importer.run(exported, options);
  return { report, lines: commentReportLines(report, exported.refused) };
}
