import type { ArticleDraft, ArticleStatus } from './article';
import { SITE_UTC_OFFSET_MINUTES } from './article';
import { plainText, summarize } from './markdownText';
import { contentMessages } from './messages';

/** A problem with one source file, in words the blogger can act on. */
export class ImportProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportProblem';
  }
}

const problem = contentMessages.importer;
const MAX_TITLE_LENGTH = 200;
const MAX_NAME_LENGTH = 50;

type Data = Record<string, unknown>;

function first(data: Data, keys: string[]): unknown {
  for (const key of keys) {
    if (data[key] !== undefined && data[key] !== null && data[key] !== '') return data[key];
  }
  return undefined;
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
}

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An instant from a front-matter date: a Date (already an instant), or text like `2024-03-08 07:42`,
 * `2024-03-08` or ISO-8601 with a zone. Text without a zone is site time (UTC+8), as Hexo and Hugo
 * sites in China write it.
 */
export function parseDate(value: unknown, field: string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new ImportProblem(problem.invalidField(field, String(value)));
    return value.toISOString();
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const parts = DATE.exec(text);
  if (!parts) throw new ImportProblem(problem.invalidField(field, shown(value)));
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '0', zone] = parts;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new ImportProblem(problem.invalidField(field, text));
  }
  let offset = SITE_UTC_OFFSET_MINUTES;
  if (zone && zone.toUpperCase() === 'Z') offset = 0;
  else if (zone) {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  }
  const utc = Date.UTC(Number(y), month - 1, day, Number(h), Number(mi), Number(s), Number(fraction.slice(0, 3).padEnd(3, '0')));
  // 2024-02-30 rolls over in Date.UTC; a real date keeps its month.
  if (new Date(utc).getUTCMonth() !== month - 1) throw new ImportProblem(problem.invalidField(field, text));
  return new Date(utc - offset * 60_000).toISOString();
}

function names(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  const raw: unknown[] = Array.isArray(value) ? value.flat(2) : typeof value === 'string' ? value.split(/[,，]/) : [value];
  const result: string[] = [];
  for (const item of raw) {
    if (typeof item !== 'string' && typeof item !== 'number') throw new ImportProblem(problem.invalidField(field, shown(value)));
    const name = String(item).trim();
    if (name === '') continue;
    if (Array.from(name).length > MAX_NAME_LENGTH) throw new ImportProblem(problem.invalidField(field, name));
    if (!result.includes(name)) result.push(name);
  }
  return result;
}

function pinning(value: unknown): { pinned: boolean; pinOrder: number } {
  if (value === true) return { pinned: true, pinOrder: 1 };
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return { pinned: true, pinOrder: value };
  if (value === undefined || value === false || value === 0) return { pinned: false, pinOrder: 0 };
  throw new ImportProblem(problem.invalidField('top', shown(value)));
}

function flag(value: unknown, field: string): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return value;
  throw new ImportProblem(problem.invalidField(field, shown(value)));
}

function status(data: Data): ArticleStatus {
  const explicit = data.status;
  if (explicit !== undefined) {
    if (explicit === 'public' || explicit === 'hidden' || explicit === 'draft') return explicit;
    throw new ImportProblem(problem.invalidField('status', shown(explicit)));
  }
  if (flag(data.draft, 'draft')) return 'draft';
  if (data.published !== undefined && !flag(data.published, 'published')) return 'draft';
  if (flag(data.hidden, 'hidden')) return 'hidden';
  return 'public';
}

function text(value: unknown, field: string): string {
  if (value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  throw new ImportProblem(problem.invalidField(field, shown(value)));
}

/** A body as stored: no leading blank lines, no trailing whitespace, one final newline. */
export function normaliseBody(body: string): string {
  return `${body.replace(/^\s*\n/, '').replace(/\s+$/, '')}\n`;
}

/** The source key a file is known by: its front-matter slug (or permalink) if any, else its path without `.md`. */
export function sourceKeyOf(data: Data, relativePath: string): string {
  const declared = text(first(data, ['slug', 'permalink', 'abbrlink']), 'slug').replace(/^\/+|\/+$/g, '');
  return declared !== '' ? declared : relativePath.replace(/\\/g, '/').replace(/\.(md|markdown)$/i, '');
}

/**
 * Maps Hexo, Hugo or Jekyll front matter and a body to an article. `cover` is returned as written: the
 * importer resolves local images. `fallbackDate` (the file's time) stands in for a missing date. `excerpt`
 * is the body before `<!--more-->`: the summary, unless the front matter writes one. A `series` (Hugo's
 * taxonomy) becomes a tag.
 */
export function articleFromFrontMatter(input: { data: Data; body: string; excerpt?: string; relativePath: string; fallbackDate: string }): ArticleDraft {
  const { data, body } = input;
  const title = text(first(data, ['title']), 'title');
  if (title === '') throw new ImportProblem(problem.missingTitle);
  if (Array.from(title).length > MAX_TITLE_LENGTH) throw new ImportProblem(problem.invalidField('title', title));
  const dateValue = first(data, ['date', 'publishDate', 'pubDate']);
  const createdAt = dateValue === undefined ? input.fallbackDate : parseDate(dateValue, 'date');
  const updatedValue = first(data, ['updated', 'lastmod', 'last_modified_at', 'modified']);
  const updatedAt = updatedValue === undefined ? createdAt : parseDate(updatedValue, 'updated');
  const categories = names(first(data, ['categories', 'category']), 'categories');
  const description = text(first(data, ['description', 'summary', 'excerpt']), 'description');
  return {
    sourceKey: sourceKeyOf(data, input.relativePath),
    title,
    content: normaliseBody(body),
    summary: description !== '' ? description : input.excerpt !== undefined ? plainText(input.excerpt) : summarize(body),
    cover: text(first(data, ['cover', 'top_img', 'cover_image', 'image', 'thumbnail', 'featured_image']), 'cover'),
    category: categories[0] ?? null,
    tags: [...new Set([...names(first(data, ['tags', 'tag']), 'tags'), ...names(data.series, 'series')])],
    ...pinning(first(data, ['top', 'sticky', 'pinned', 'pin'])),
    status: status(data),
    createdAt,
    updatedAt,
  };
}

/** Front matter that imports back to the same article (the exporter's side of the round trip). */
export function frontMatterOf(article: ArticleDraft): Record<string, unknown> {
  return {
    title: article.title,
    slug: article.sourceKey,
    date: article.createdAt,
    updated: article.updatedAt,
    ...(article.category === null ? {} : { categories: [article.category] }),
    tags: article.tags,
    ...(article.cover === '' ? {} : { cover: article.cover }),
    ...(article.pinned ? { top: article.pinOrder } : {}),
    status: article.status,
    description: article.summary,
  };
}
