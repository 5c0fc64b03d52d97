import TurndownService from 'turndown';
import type { ImportedComment, ImportedState } from '../../../domain/comments/importedComments';
import { contentMessages } from '../../../domain/content/messages';

const text = contentMessages.commentImport;

/** The comment systems whose exports are read. */
export type CommentSystem = 'twikoo' | 'waline' | 'valine' | 'artalk' | 'disqus';

/** What one export holds, read into the shape every system shares. */
export interface CommentExport {
  system: CommentSystem;
  comments: ImportedComment[];
  /** Page view counters (Waline's Counter, Twikoo's and Valine's counter records). */
  counters: { page: string[]; views: number }[];
  /** Records refused, each named with its reason; the others come in. */
  refused: string[];
}

/** One record of a JSON export: a plain object of unknown fields. */
export type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as text: strings as they are, numbers written out, anything else ''. */
export function str(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  // MongoDB's extended JSON ({ "$oid": "…" }), as Twikoo's older exports write ids.
  if (isFields(value) && typeof value.$oid === 'string') return value.$oid;
  return '';
}

/** A count: a number, a numeric string, or a list (Twikoo keeps who liked, one entry each). */
export function count(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  const n = typeof value === 'number' ? value : Number(str(value));
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** A yes/no field written as a boolean, 'true'/'false', or 0/1. */
export const yes = (value: unknown): boolean => value === true || value === 1 || value === 'true' || value === '1';

/**
 * A time as the exports write it, as ISO 8601 (UTC): milliseconds (Twikoo), LeanCloud's
 * `{ __type: 'Date', iso }`, ISO strings, `2021-10-28 20:50:15 +0800` (Artalk) and MySQL's
 * `2021-10-28 20:50:15` (read as UTC, as Waline stores it). Undefined when none is readable.
 */
export function isoTime(value: unknown): string | undefined {
  let date: Date | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) date = new Date(value < 1e11 ? value * 1000 : value);
  else if (isFields(value) && typeof value.iso === 'string') return isoTime(value.iso);
  else if (isFields(value) && (typeof value.$date === 'string' || typeof value.$date === 'number')) return isoTime(value.$date);
  else if (typeof value === 'string' && value.trim() !== '') {
    const written = value.trim();
    const spaced = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:\s*(Z|[+-]\d{2}:?\d{2}))?$/.exec(written);
    if (spaced) {
      const zone = spaced[3] === undefined ? 'Z' : spaced[3] === 'Z' ? 'Z' : spaced[3].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
      date = new Date(`${spaced[1]}T${spaced[2]}${zone}`);
    } else if (/^\d+$/.test(written)) date = new Date(Number(written) < 1e11 ? Number(written) * 1000 : Number(written));
    else date = new Date(written);
  }
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/** A site link as we keep it: http(s) only; a bare host gets `http://` (as the old systems showed it). */
export function siteLink(value: unknown): string {
  const link = str(value);
  if (link === '') return '';
  const full = /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `http://${link.replace(/^\/+/, '')}`;
  return /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(full) ? full : '';
}

/** An email kept for notices and avatars: a plausible address, lower-cased, else ''. */
export function emailOf(value: unknown): string {
  const email = str(value).toLowerCase();
  return /^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;.]+$/u.test(email) ? email : '';
}

/** A nickname: spaces folded, the old system's anonymous name when there is none. */
export function nickNameOf(value: unknown): string {
  return str(value).replace(/\s+/g, ' ') || text.anonymous;
}

const turndown = new TurndownService({ codeBlockStyle: 'fenced', emDelimiter: '*', strongDelimiter: '**' });
// Comments have no pictures: an emoticon or a picture becomes its name, or a link to it.
turndown.addRule('image', {
  filter: 'img',
  replacement: (_content, node) => {
    const element = node as { getAttribute(name: string): string | null };
    const alt = (element.getAttribute('alt') ?? '').trim();
    const src = (element.getAttribute('src') ?? '').trim();
    return /^https?:\/\//i.test(src) && !/emotion|emoji|owo/i.test(element.getAttribute('class') ?? '') ? `[${alt || text.picture}](${src})` : alt;
  },
});

/** A comment written as HTML (Twikoo, Valine, Disqus) in our Markdown subset; what it cannot say becomes plain text. */
export function markdownOfHtml(html: string): string {
  return /<[a-z!/]/i.test(html) ? turndown.turndown(html).trim() : html.trim();
}

/**
 * The common fields of one record, or the reason it is refused. `sourceId` is required (replies and
 * re-imports name it), and so are a time and some text.
 */
export function commentOf(fields: {
  sourceId: string;
  parentId: string;
  page: string[];
  nickName: unknown;
  email: unknown;
  site: unknown;
  content: string;
  time: unknown;
  state: ImportedState;
  likes: number;
  owner: boolean;
}): ImportedComment | string {
  if (fields.sourceId === '') return text.noId;
  const createdAt = isoTime(fields.time);
  if (createdAt === undefined) return text.badTime(fields.sourceId);
  const page = fields.page.filter((address) => address !== '');
  if (page.length === 0) return text.noPage(fields.sourceId);
  if (fields.content === '' && fields.state !== 'deleted') return text.emptyComment(fields.sourceId);
  return {
    sourceId: fields.sourceId,
    parentId: fields.parentId === '' || fields.parentId === '0' || fields.parentId === fields.sourceId ? null : fields.parentId,
    page,
    nickName: nickNameOf(fields.nickName),
    email: emailOf(fields.email),
    site: siteLink(fields.site),
    content: fields.content,
    createdAt,
    state: fields.state,
    likes: fields.likes,
    owner: fields.owner,
  };
}

/** Reads records one by one into an export: a refused record is named and the rest go on. */
export function collect(system: CommentSystem, records: Iterable<unknown>, read: (record: Fields) => ImportedComment | string): CommentExport {
  const result: CommentExport = { system, comments: [], counters: [], refused: [] };
  let index = 0;
  for (const record of records) {
    index++;
    const comment = isFields(record) ? read(record) : text.notARecord(index);
    if (typeof comment === 'string') result.refused.push(comment);
    else result.comments.push(comment);
  }
  return result;
}
