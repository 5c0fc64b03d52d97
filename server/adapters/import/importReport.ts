import { contentMessages } from '../../domain/content/messages';
import type { ImportOutcome } from './markdownImporter';

const text = contentMessages.importer.report;

/**
 * The importer's closing report: each imported post's warnings (missing pictures, links to posts not
 * imported, shortcodes kept as text), then every shortcode and tag plugin kept as text, by name and count.
 */
export function importReport(outcomes: ImportOutcome[]): string[] {
  const lines: string[] = [];
  const imported = outcomes.filter((o) => o.status !== 'failed');
  const warned = imported.filter((o) => o.warnings.length > 0);
  if (warned.length > 0) lines.push(text.warnings);
  for (const outcome of warned) lines.push(`  ${outcome.file.relative}`, ...outcome.warnings.map((warning) => `    ${warning}`));

  const unknown = new Map<string, { count: number; posts: number }>();
  for (const outcome of imported) {
    for (const [name, count] of Object.entries(outcome.unknownShortcodes)) {
      const total = unknown.get(name) ?? { count: 0, posts: 0 };
      unknown.set(name, { count: total.count + count, posts: total.posts + 1 });
    }
  }
  if (unknown.size > 0) lines.push(text.unknown);
  for (const [name, { count, posts }] of [...unknown].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))) {
    lines.push(`  ${text.unknownLine(name, count, posts)}`);
  }
  return lines;
}
