import { CommentImport, type CommentImportOptions, type CommentImportReport } from '../../../domain/comments/commentImport';
import { KyselyCommentImportStore } from '../../db/commentImportStore';
import { KyselyCommentRepository } from '../../db/commentRepository';
import type { DatabaseHandle } from '../../db/connect';
import { createCommentRenderer } from '../../markdown/commentRenderer';
import { commentReportLines } from './commentReport';
import { readCommentExport } from './readExport';
import type { CommentSystem } from './record';

/** The comment import writing to the database. */
export function commentImporter(database: DatabaseHandle): CommentImport {
  return new CommentImport({
    comments: new KyselyCommentRepository(database.db, database.dialect),
    store: new KyselyCommentImportStore(database.db),
    renderer: createCommentRenderer(),
  });
}

/** One comment export read and imported (the CLI and the console upload alike): the report and its lines. */
export async function importCommentExport(
  database: DatabaseHandle,
  file: string,
  system: CommentSystem,
  options: CommentImportOptions,
): Promise<{ report: CommentImportReport; lines: string[] }> {
  const exported = await readCommentExport(file, system);
  const report = await commentImporter(database).run(exported, options);
  return { report, lines: commentReportLines(report, exported.refused) };
}
