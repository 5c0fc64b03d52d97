import type { CommentImportReport } from '../../../domain/comments/commentImport';
import { contentMessages } from '../../../domain/content/messages';

const text = contentMessages.commentImport;

/** The report of one comment export, line by line: what came in, what was left out and why, what to look at. */
export function commentReportLines(report: CommentImportReport, refused: readonly string[]): string[] {
  const lines = [text.added(report.added, report.waiting)];
  if (report.board > 0) lines.push(text.board(report.board));
  if (report.existing > 0) lines.push(text.existing(report.existing));
  if (report.owner > 0) lines.push(text.owner(report.owner, report.administrator));
  if (report.skipped.spam + report.skipped.deleted > 0) lines.push(text.skipped(report.skipped.spam, report.skipped.deleted));
  if (report.counters > 0) lines.push(text.counters(report.counters));
  if (refused.length > 0) lines.push(text.refused(refused.length), ...refused.map((line) => `  ${line}`));
  const unmatched = report.unmatched.reduce((sum, page) => sum + page.comments, 0);
  if (unmatched > 0) lines.push(text.unmatched(unmatched), ...report.unmatched.map(({ page, comments }) => `  ${text.unmatchedLine(page, comments)}`));
  return lines;
}
