import type { ImportedComment } from '../../../domain/comments/importedComments';
import { collect, commentOf, count, isFields, markdownOfHtml, str, yes, type CommentExport, type Fields } from './record';

/** The records of a JSON export: an array, LeanCloud's `{ results: […] }`, or JSON lines (LeanCloud's newer export). */
export function jsonRecords(source: string): unknown[] {
  const trimmed = source.replace(/^\uFEFF/, '').trim();
  try {
    const value: unknown = JSON.parse(trimmed);
    if (Array.isArray(value)) return value;
    if (isFields(value) && Array.isArray(value.results)) return value.results;
    return [value];
  } catch {
    return trimmed
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as unknown;
        } catch {
          return null; // refused by its number, like any record that is not an object
        }
      });
  }
}

/** A record that is a page view counter, not a comment: `{ url, time }` without comment text. */
const isCounter = (record: Fields) => record.comment === undefined && record.url !== undefined && record.time !== undefined;

function withCounters(result: CommentExport, records: unknown[]): CommentExport {
  for (const record of records) {
    if (isFields(record) && isCounter(record)) result.counters.push({ page: [str(record.url), str(record.href)], views: count(record.time) });
  }
  return result;
}

/**
 * Twikoo's export (the console's 导出, or its database's `comment` collection): HTML comments, `pid` the
 * comment answered, `master` for the blogger, `isSpam` for both spam and comments held back (one flag:
 * they stay out). Counter records (`counter` collection) may come in the same file.
 */
export function readTwikoo(records: unknown[]): CommentExport {
  const comments = records.filter((record) => !(isFields(record) && isCounter(record)));
  const result = collect('twikoo', comments, (record) =>
    commentOf({
      sourceId: str(record._id),
      parentId: str(record.pid) || str(record.rid),
      page: [str(record.url), str(record.href)],
      nickName: record.nick,
      email: record.mail,
      site: record.link,
      content: markdownOfHtml(str(record.comment)),
      time: record.created ?? record.createdAt,
      state: yes(record.isSpam) ? 'spam' : 'approved',
      likes: count(record.like),
      owner: yes(record.master),
    }),
  );
  return withCounters(result, records);
}

/**
 * Waline's export `{ type: 'waline', data: { Comment, Counter, Users } }` (its console's 导出): Markdown
 * comments with a status (approved, waiting, spam), `pid` the comment answered, `user_id` an account of
 * `Users` (an `administrator` is the blogger); `Counter` holds each page's views.
 */
export function readWaline(value: unknown): CommentExport {
  const root = isFields(value) && isFields(value.data) && value.type !== 'waline' ? value.data : value;
  const data = isFields(root) && isFields(root.data) ? root.data : {};
  const list = (name: string) => (Array.isArray(data[name]) ? (data[name] as unknown[]) : []);
  const administrators = new Set(
    list('Users')
      .filter((user) => isFields(user) && str(user.type) === 'administrator')
      .map((user) => str((user as Fields).objectId ?? (user as Fields).id)),
  );
  const states: Record<string, ImportedComment['state']> = { approved: 'approved', waiting: 'waiting', spam: 'spam' };
  const result = collect('waline', list('Comment'), (record) =>
    commentOf({
      sourceId: str(record.objectId ?? record.id),
      parentId: str(record.pid) || str(record.rid),
      page: [str(record.url)],
      nickName: record.nick,
      email: record.mail,
      site: record.link,
      content: str(record.comment),
      time: record.insertedAt ?? record.createdAt,
      state: states[str(record.status)] ?? 'approved',
      likes: count(record.like),
      owner: str(record.user_id) !== '' && administrators.has(str(record.user_id)),
    }),
  );
  for (const counter of list('Counter')) {
    if (isFields(counter)) result.counters.push({ page: [str(counter.url)], views: count(counter.time) });
  }
  return result;
}

/**
 * Valine's `Comment` class as LeanCloud exports it (an array, `{ results }` or JSON lines): HTML comments,
 * `pid` the comment answered, `isSpam` when an admin tool marked it. Valine has no owner flag: the blogger
 * is known by email. Its `Counter` class (`{ url, time }`) may come in the same file.
 */
export function readValine(records: unknown[]): CommentExport {
  const comments = records.filter((record) => !(isFields(record) && isCounter(record)));
  const result = collect('valine', comments, (record) =>
    commentOf({
      sourceId: str(record.objectId),
      parentId: str(record.pid) || str(record.rid),
      page: [str(record.url)],
      nickName: record.nick,
      email: record.mail,
      site: record.link,
      content: markdownOfHtml(str(record.comment)),
      time: record.insertedAt ?? record.createdAt,
      state: yes(record.isSpam) ? 'spam' : 'approved',
      likes: count(record.like ?? record.likes),
      owner: false,
    }),
  );
  return withCounters(result, records);
}

/** Badges Artalk gives the blogger (its default, in its languages). */
const ARTALK_OWNER_BADGES = new Set(['管理员', '博主', '站长', 'administrator', 'admin', 'owner']);

/**
 * Artalk's "Artrans" (every value a string): Markdown comments, `rid` the comment answered, `is_pending`
 * for the review queue, `vote_up` likes, `page_key` the page's address, the blogger by badge.
 */
export function readArtalk(records: unknown[]): CommentExport {
  return collect('artalk', records, (record) =>
    commentOf({
      sourceId: str(record.id),
      parentId: str(record.rid),
      page: [str(record.page_key)],
      nickName: record.nick,
      email: record.email,
      site: record.link,
      content: str(record.content),
      time: record.created_at ?? record.date,
      state: yes(record.is_pending) ? 'waiting' : 'approved',
      likes: count(record.vote_up),
      owner: ARTALK_OWNER_BADGES.has(str(record.badge_name).toLowerCase()),
    }),
  );
}
