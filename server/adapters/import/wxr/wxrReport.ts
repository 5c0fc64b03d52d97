import { contentMessages } from '../../../domain/content/messages';
import { commentReportLines } from '../comments/commentReport';
import type { WxrImportResult } from './wxrImporter';

/** The report of a WordPress export's comments: the comment import's lines, then the pingbacks left out. */
export function wxrCommentLines(result: WxrImportResult): string[] {
  if (result.comments === 0) return [];
  const lines = commentReportLines(result.commentReport, result.refusedComments);
  if (result.pingbacks > 0) lines.push(contentMessages.importer.wxr.pingbacks(result.pingbacks));
  return lines;
}
