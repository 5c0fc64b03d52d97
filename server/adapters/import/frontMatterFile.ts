import matter from 'gray-matter';
import { ImportProblem } from '../../domain/content/frontMatter';
import { contentMessages } from '../../domain/content/messages';
import { parseToml } from './toml';

const problem = contentMessages.importer;
/** Keys whose YAML timestamps are re-read from their text: YAML reads a time without a zone as UTC. */
const DATE_KEYS = ['date', 'publishDate', 'pubDate', 'updated', 'lastmod', 'last_modified_at', 'modified'];

/** Splits a Markdown file into its front matter (YAML `---` or Hugo TOML `+++`) and body. */
export function readFrontMatter(source: string): { data: Record<string, unknown>; body: string } {
  const text = source.replace(/^\uFEFF/, '');
  const toml = /^\+\+\+\r?\n/.test(text);
  let parsed: matter.GrayMatterFile<string>;
  try {
    parsed = toml
      ? matter(text, { delimiters: '+++', language: 'toml', engines: { toml: parseToml } })
      : matter(text, { language: 'yaml' });
  } catch (error) {
    const detail = (error as Error).message.split('\n')[0] ?? String(error);
    throw new ImportProblem(problem.malformedFrontMatter(detail));
  }
  const data: unknown = parsed.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ImportProblem(problem.malformedFrontMatter(problem.notAnObject));
  }
  const record = { ...(data as Record<string, unknown>) };
  if (!toml) {
    for (const key of DATE_KEYS) {
      if (record[key] instanceof Date) {
        const raw = new RegExp(`^${key}\\s*:\\s*(.+?)\\s*$`, 'm').exec(parsed.matter)?.[1];
        if (raw) record[key] = raw.replace(/^(['"])(.*)\1$/, '$2');
      }
    }
  }
  return { data: record, body: parsed.content };
}
