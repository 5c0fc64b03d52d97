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

/** A value as written, with YAML's empty value (`key:`), an empty text and a list of nothing read as absent. */
function given(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  return Array.isArray(value) && value.every((item) => given(item) === undefined) ? undefined : value;
}

function first(data: Data, keys: string[]): unknown {
  for (const key of keys) {
    const value = given(data[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A list written where one value is expected (`date: [2024-01-01]`): its only item. */
function single(value: unknown): unknown {
  return Array.isArray(value) && value.length === 1 ? single(value[0]) : value;
}

/** The first of a list written where one value is expected (a cover given as a list of pictures). */
const firstItem = (value: unknown): unknown => (Array.isArray(value) ? value.flat(Infinity).find((item) => given(item) !== undefined) : value);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const TIME = String.raw`(?:[T ]\s*(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?`;
const ZONE = String.raw`\s*(Z|UTC|GMT|[+-]\d{1,2}(?::?\d{2})?)?(?:\s+[A-Z]{2,5})?`;
/** 2024-03-08, 2024/3/8, 2024.03.08, with a time and a zone (`+0800`, `+08:00`, `Z`, Go's `+0800 CST`) or not. */
const NUMERIC_DATE = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}${ZONE}$`, 'i');
/** RFC 1123/822 (`Mon, 02 Jan 2006 15:04:05 -0700`) and `Jan 2, 2006`, as Hugo accepts them. */
const DAY_MONTH_DATE = new RegExp(String.raw`^(?:[a-z]+,?\s+)?(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{2,4})${TIME.replace('[T ]', '\\s')}${ZONE}$`, 'i');
const MONTH_DAY_DATE = new RegExp(String.raw`^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})${TIME.replace('[T ]', '\\s')}${ZONE}$`, 'i');

interface DateParts {
  year: string;
  month: number;
  day: string;
  time: (string | undefined)[];
  zone: string | undefined;
}

function dateParts(text: string): DateParts | undefined {
  let m = NUMERIC_DATE.exec(text);
  if (m) return { year: m[1]!, month: Number(m[3]), day: m[4]!, time: m.slice(5, 9), zone: m[9] };
  m = DAY_MONTH_DATE.exec(text);
  if (m) return { year: m[3]!.length === 2 ? `20${m[3]}` : m[3]!, month: MONTHS.indexOf(m[2]!.toLowerCase()) + 1, day: m[1]!, time: m.slice(4, 8), zone: m[8] };
  m = MONTH_DAY_DATE.exec(text);
  if (m) return { year: m[3]!, month: MONTHS.indexOf(m[1]!.toLowerCase()) + 1, day: m[2]!, time: m.slice(4, 8), zone: m[8] };
  return undefined;
}

/** Minutes east of UTC for a written zone; none is site time. */
function zoneOffset(zone: string | undefined): number {
  if (!zone) return SITE_UTC_OFFSET_MINUTES;
  if (/^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const [, sign, hours = '0', minutes = '0'] = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone) ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/**
 * An instant from a front-matter date: a Date (already an instant), a Unix time (seconds, or milliseconds as
 * Hexo reads a large number), or text in the forms Hexo, Hugo and Jekyll accept (`2024-03-08 07:42`,
 * `2024/3/8`, ISO-8601, `2024-03-08 07:42:00 +0800`, RFC 1123, `Mar 8, 2024`). Text without a zone is site
 * time (UTC+8), as Hexo and Hugo sites in China write it.
 */
export function parseDate(raw: unknown, field: string): string {
  const value = single(raw);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new ImportProblem(problem.invalidField(field, String(value)));
    return value.toISOString();
  }
  if (typeof value === 'number') {
    const instant = new Date(Math.abs(value) < 1e11 ? value * 1000 : value);
    if (!Number.isFinite(value) || Number.isNaN(instant.getTime())) throw new ImportProblem(problem.invalidField(field, String(value)));
    return instant.toISOString();
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const parts = dateParts(text);
  if (!parts) throw new ImportProblem(problem.invalidField(field, shown(value)));
  const { year, month, day, zone } = parts;
  const [h = '0', mi = '0', s = '0', fraction = '0'] = parts.time.map((part) => part ?? undefined);
  if (month < 1 || month > 12 || Number(day) < 1 || Number(day) > 31 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new ImportProblem(problem.invalidField(field, text));
  }
  const utc = Date.UTC(Number(year), month - 1, Number(day), Number(h), Number(mi), Number(s), Number(fraction.slice(0, 3).padEnd(3, '0')));
  // 2024-02-30 rolls over in Date.UTC; a real date keeps its month.
  if (new Date(utc).getUTCMonth() !== month - 1) throw new ImportProblem(problem.invalidField(field, text));
  return new Date(utc - zoneOffset(zone) * 60_000).toISOString();
}

/** The text of a scalar as written: YAML reads `2024-01-01` and `yes` as a date and a boolean. */
function scalarText(item: unknown): string | undefined {
  if (typeof item === 'string') return item.trim();
  if (typeof item === 'number' || typeof item === 'boolean') return String(item);
  if (item instanceof Date && !Number.isNaN(item.getTime())) return item.toISOString().replace(/T00:00:00\.000Z$|\.000Z$/, '');
  return undefined;
}

/** Names from a list, a nested list (Hexo's category paths) or a comma-separated text. */
function names(value: unknown, field: string): string[] {
  if (given(value) === undefined) return [];
  const raw: unknown[] = Array.isArray(value) ? value.flat(Infinity) : typeof value === 'string' ? value.split(/[,，]/) : [value];
  const result: string[] = [];
  for (const item of raw) {
    if (given(item) === undefined) continue;
    const name = scalarText(item);
    if (name === undefined) throw new ImportProblem(problem.invalidField(field, shown(value)));
    if (name === '') continue;
    if (Array.from(name).length > MAX_NAME_LENGTH) throw new ImportProblem(problem.invalidField(field, name));
    if (!result.includes(name)) result.push(name);
  }
  return result;
}

/** A yes or no as written: a boolean, or the words YAML 1.1 and TOML writers use. */
function yesOrNo(value: unknown, field: string): boolean | undefined {
  const item = given(single(value));
  if (item === undefined || typeof item === 'boolean') return item;
  if (item === 1 || item === 0) return item === 1;
  const word = typeof item === 'string' ? item.trim().toLowerCase() : '';
  if (['true', 'yes', 'on'].includes(word)) return true;
  if (['false', 'no', 'off'].includes(word)) return false;
  throw new ImportProblem(problem.invalidField(field, shown(value)));
}

function pinning(value: unknown): { pinned: boolean; pinOrder: number } {
  const item = single(value);
  const order = typeof item === 'string' && /^\s*\d+\s*$/.test(item) ? Number(item) : item;
  if (typeof order === 'number' && Number.isInteger(order) && order > 0) return { pinned: true, pinOrder: order };
  if (order === 0) return { pinned: false, pinOrder: 0 };
  return yesOrNo(order, 'top') ? { pinned: true, pinOrder: 1 } : { pinned: false, pinOrder: 0 };
}

const flag = (value: unknown, field: string): boolean => yesOrNo(value, field) ?? false;

function status(data: Data): ArticleStatus {
  const explicit = text(given(data.status), 'status');
  if (explicit !== '') {
    if (explicit === 'public' || explicit === 'hidden' || explicit === 'draft') return explicit;
    throw new ImportProblem(problem.invalidField('status', explicit));
  }
  if (flag(data.draft, 'draft')) return 'draft';
  if (yesOrNo(data.published, 'published') === false) return 'draft';
  if (flag(data.hidden, 'hidden')) return 'hidden';
  return 'public';
}

/** One text: a scalar, or a list of them (`description: ["WPF概述"]`) joined by spaces. */
function text(value: unknown, field: string): string {
  if (value === undefined) return '';
  const items = Array.isArray(value) ? value.flat(Infinity).filter((item) => given(item) !== undefined) : [value];
  const texts = items.map(scalarText);
  if (texts.some((item) => item === undefined)) throw new ImportProblem(problem.invalidField(field, shown(value)));
  return texts.join(' ').trim();
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
 * taxonomy) becomes a tag, and so do the categories after the first (an article has one); `onNote` hears
 * what the blogger should know about such a change.
 */
export function articleFromFrontMatter(input: {
  data: Data;
  body: string;
  excerpt?: string;
  relativePath: string;
  fallbackDate: string;
  onNote?: (note: string) => void;
}): ArticleDraft {
  const { data, body } = input;
  const title = text(first(data, ['title']), 'title');
  if (title === '') throw new ImportProblem(problem.missingTitle);
  if (Array.from(title).length > MAX_TITLE_LENGTH) throw new ImportProblem(problem.invalidField('title', title));
  const dateValue = first(data, ['date', 'publishDate', 'pubDate']);
  const createdAt = dateValue === undefined ? input.fallbackDate : parseDate(dateValue, 'date');
  const updatedValue = first(data, ['updated', 'lastmod', 'last_modified_at', 'modified']);
  const updatedAt = updatedValue === undefined ? createdAt : parseDate(updatedValue, 'updated');
  const [category = null, ...moreCategories] = names(first(data, ['categories', 'category']), 'categories');
  if (moreCategories.length > 0) input.onNote?.(contentMessages.frontMatter.categoriesAsTags(moreCategories.join('、')));
  const description = text(first(data, ['description', 'summary', 'excerpt']), 'description');
  return {
    sourceKey: sourceKeyOf(data, input.relativePath),
    title,
    content: normaliseBody(body),
    summary: description !== '' ? description : input.excerpt !== undefined ? plainText(input.excerpt) : summarize(body),
    cover: text(firstItem(first(data, ['cover', 'top_img', 'cover_image', 'image', 'thumbnail', 'featured_image'])), 'cover'),
    category,
    tags: [...new Set([...names(first(data, ['tags', 'tag']), 'tags'), ...names(first(data, ['series']), 'series'), ...moreCategories])],
    ...pinning(first(data, ['top', 'sticky', 'pinned', 'pin'])),
    status: status(data),
    createdAt,
    updatedAt,
    // Hexo's and Hugo's `comments: false`.
    commentsClosed: yesOrNo(data.comments, 'comments') === false,
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
    ...(article.commentsClosed ? { comments: false } : {}),
  };
}
