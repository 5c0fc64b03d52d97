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

  const unknown = unknownShortcodes(outcomes);
  if (unknown.length > 0) lines.push(text.unknown);
  for (const { name, count, posts } of unknown) lines.push(`  ${text.unknownLine(name, count, posts)}`);
  return lines;
}

/** Every shortcode and tag plugin kept as text over all imported posts: most frequent first, then by name. */
export function unknownShortcodes(outcomes: ImportOutcome[]): { name: string; count: number; posts: number }[] {
  const unknown = new Map<string, { count: number; posts: number }>();
  for (const outcome of outcomes) {
    if (outcome.status === 'failed') continue;
    for (const [name, count] of Object.entries(outcome.unknownShortcodes)) {
      const total = unknown.get(name) ?? { count: 0, posts: 0 };
      unknown.set(name, { count: total.count + count, posts: total.posts + 1 });
    }
  }
  return [...unknown]
    .map(([name, total]) => ({ name, ...total }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}
