/**
 * Comments under an article or a talk (issue 22), as the client keeps them. The types mirror the wire DTOs
 * of src/protocol/comments.ts field for field (the HTTP adapter checks that at compile time).
 */

export type CommentTargetType = 'article' | 'talk';

export interface CommentTarget {
  type: CommentTargetType;
  id: number;
}

export type CommentOrder = 'newest' | 'oldest';
export type CommentStatus = 'approved' | 'pending' | 'spam';
/** In the console's order: 待审核, 已通过, 垃圾. */
export const COMMENT_STATUSES: readonly CommentStatus[] = ['pending', 'approved', 'spam'];

export interface CommentAuthor {
  /** The registered author; null for a visitor (and for a deleted comment). */
  userId: number | null;
  nickName: string;
  /** '' draws the default avatar. */
  avatar: string;
  /** A visitor's http(s) site, '' for none. */
  site: string;
  /** The administrator: shown as 博主. */
  admin: boolean;
}

export interface CommentRef {
  id: number;
  nickName: string;
}

export interface Comment {
  id: number;
  targetType: CommentTargetType;
  targetId: number;
  /** The top-level comment whose thread a reply is in; null for a top-level comment. */
  parentId: number | null;
  /** The reply this one answers (shown as `@昵称`). */
  replyTo: CommentRef | null;
  author: CommentAuthor;
  /** The Markdown source; '' when deleted. */
  content: string;
  /** The server's safe HTML of `content`; '' when deleted. */
  html: string;
  status: CommentStatus;
  /** Kept in place for its replies: shown as 该评论已删除. */
  deleted: boolean;
  likes: number;
  liked: boolean;
  canDelete: boolean;
  createdAt: string;
}

export interface CommentThread extends Comment {
  /** Shown replies in the whole thread. */
  replyCount: number;
  /** The first replies, oldest first. */
  replies: Comment[];
}

export interface CommentPage {
  list: CommentThread[];
  /** The target's comment count (approved, not deleted, replies included). */
  count: number;
  /** Where the next page starts; null on the last page. */
  nextCursor: number | null;
  visitorsMayComment: boolean;
  /** The blogger closed the comments: nothing new is taken. */
  closed: boolean;
}

export interface ReplyPage {
  list: Comment[];
  total: number;
  nextCursor: number | null;
}

/** A visitor's signature (visitors only, when the administrator allows them). */
export interface VisitorSignature {
  nickName: string;
  email: string;
  site: string;
}

export interface CommentDraft {
  content: string;
  /** The comment answered; absent for a new top-level comment. */
  replyTo?: number;
  visitor?: VisitorSignature;
}

export interface CommentDeleted {
  id: number;
  /** It stays as 该评论已删除 for its replies. */
  kept: boolean;
  /** The target's comment count afterwards. */
  count: number;
}

export interface LikeState {
  likes: number;
  liked: boolean;
}

/** Spec of issue 22: up to 1 000 characters (code points: an emoji is one), 10 top-level comments a page. */
export const COMMENT_MAX_LENGTH = 1000;
export const COMMENT_PAGE_SIZE = 10;
/** Replies each thread arrives with. */
export const FIRST_REPLIES = 3;
export const VISITOR_NICKNAME_MAX_LENGTH = 20;

/** Characters as the server counts them (code points). */
export const commentLength = (content: string): number => Array.from(content.trim()).length;

export type CommentDraftProblem = 'empty' | 'tooLong' | 'nicknameRequired' | 'nicknameTooLong' | 'emailInvalid' | 'siteInvalid';

/** What is wrong with a draft before it is sent, or null (the server checks the same and says why). */
export function commentDraftProblem(draft: CommentDraft): CommentDraftProblem | null {
  const length = commentLength(draft.content);
  if (length === 0) return 'empty';
  if (length > COMMENT_MAX_LENGTH) return 'tooLong';
  if (draft.visitor) {
    const nickName = Array.from(draft.visitor.nickName.trim()).length;
    if (nickName === 0) return 'nicknameRequired';
    if (nickName > VISITOR_NICKNAME_MAX_LENGTH) return 'nicknameTooLong';
    const email = draft.visitor.email.trim();
    if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return 'emailInvalid';
    const site = draft.visitor.site.trim();
    if (site !== '' && !/^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(site)) return 'siteInvalid';
  }
  return null;
}

/** The author a comment of the deleted kind shows (the server blanks it the same way). */
export const BLANK_AUTHOR: CommentAuthor = { userId: null, nickName: '', avatar: '', site: '', admin: false };

/** A comment deleted but kept for its replies. */
export function blanked<T extends Comment>(comment: T): T {
  return { ...comment, deleted: true, content: '', html: '', author: BLANK_AUTHOR, canDelete: false, liked: false };
}

// ---------------------------------------------------------------------------------------------------------
// Keeping the shown thread equal to the server's.
//
// Pages are keyset pages (after a cursor), so a comment posted or deleted meanwhile never shifts a later
// page. What is left: answers that were computed before one of our own changes reached the server, arriving
// after we applied it. Every change we send gets a sequence number (`seq`) when it is sent; a load records
// how many changes had been sent when it was asked (`asOf`): the server computed it after those and before
// the rest (requests are handled in the order they are sent). Each item shown remembers the `asOf` of the
// data it came from; a confirmed change is kept as an amendment and applied to any item older than it,
// once, in sequence order — so a stale answer never undoes our own change, and nothing counts twice.
// ---------------------------------------------------------------------------------------------------------

/** A comment as kept: `asOf` is the number of our changes the server had seen when it sent this data. */
export interface KnownComment extends Comment {
  asOf: number;
}

export interface KnownThread extends KnownComment {
  replyCount: number;
  /** `asOf` of the reply count (a page of replies may be newer than the thread's own fields). */
  repliesAsOf: number;
  /** Replies loaded so far (and our own), oldest first. */
  replies: KnownComment[];
  /** The last reply the server sent in a page of this thread: where "more replies" continue. */
  repliesCursor: number | null;
}

/** A confirmed change of ours, kept until the end of the visit (a handful per reader). */
export type Amendment =
  | { seq: number; kind: 'added'; comment: Comment }
  | { seq: number; kind: 'removed'; id: number; parentId: number | null }
  | { seq: number; kind: 'blanked'; id: number }
  | { seq: number; kind: 'liked'; id: number; state: LikeState };

/** The count under the list, with the number of our changes it reflects. */
export interface KnownCount {
  count: number;
  asOf: number;
}

/** `a` comes before `b` in this order (ids grow with time). */
const precedes = (a: number, b: number, order: CommentOrder) => (order === 'newest' ? a > b : a < b);

export function sortThreads<T extends { id: number }>(threads: readonly T[], order: CommentOrder): T[] {
  return [...threads].sort((a, b) => (order === 'newest' ? b.id - a.id : a.id - b.id));
}

const sortReplies = <T extends { id: number }>(replies: readonly T[]): T[] => [...replies].sort((a, b) => a.id - b.id);

/**
 * The ids a page answers for: those after `after` (null: from the start) up to and including `through`
 * (null: to the end). Inside it the page is the whole truth; outside it, it says nothing.
 */
export interface KeyRange {
  after: number | null;
  through: number | null;
}

export function inRange(id: number, range: KeyRange, order: CommentOrder): boolean {
  return (range.after === null || precedes(range.after, id, order)) && (range.through === null || !precedes(range.through, id, order));
}

/** The range a page answered: from its cursor to its last item, or to the end when it is the last page. */
export function pageRange(after: number | null, ids: readonly number[], nextCursor: number | null): KeyRange {
  return { after, through: nextCursor === null ? null : (ids.at(-1) ?? after) };
}

const known = <T extends Comment>(comment: T, asOf: number): T & { asOf: number } => ({ ...comment, asOf });

/** A thread as it arrives in a page, stamped with the load's `asOf`. */
export function knownThread(thread: CommentThread, asOf: number): KnownThread {
  const replies = sortReplies(thread.replies).map((reply) => known(reply, asOf));
  return { ...known(thread, asOf), repliesAsOf: asOf, replies, repliesCursor: replies.at(-1)?.id ?? null };
}

const lastOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * A thread of a new page in place of the one shown: the page's first replies replace those in their range;
 * replies loaded beyond it stay (the reader expanded the thread), and so does a newer reply count.
 */
function refreshedThread(shown: KnownThread | undefined, fresh: KnownThread): KnownThread {
  if (!shown) return fresh;
  const range: KeyRange = {
    after: null,
    through: fresh.replies.length >= fresh.replyCount ? null : (fresh.replies.at(-1)?.id ?? null),
  };
  const beyond = shown.replies.filter((reply) => !inRange(reply.id, range, 'oldest'));
  const newerCount = shown.repliesAsOf > fresh.repliesAsOf;
  return {
    ...fresh,
    replyCount: newerCount ? shown.replyCount : fresh.replyCount,
    repliesAsOf: newerCount ? shown.repliesAsOf : fresh.repliesAsOf,
    replies: sortReplies([...fresh.replies, ...beyond]),
    repliesCursor: lastOf(shown.repliesCursor, fresh.repliesCursor),
  };
}

/** Threads after a page (range `range`, computed after `asOf` of our changes) came in, with our changes kept. */
export function mergePage(
  shown: readonly KnownThread[],
  page: readonly CommentThread[],
  range: KeyRange,
  asOf: number,
  order: CommentOrder,
  amendments: readonly Amendment[],
): KnownThread[] {
  const byId = new Map(shown.map((thread) => [thread.id, thread]));
  const outside = shown.filter((thread) => !inRange(thread.id, range, order));
  const fresh = page.map((thread) => refreshedThread(byId.get(thread.id), knownThread(thread, asOf)));
  return applyAmendments(sortThreads([...outside, ...fresh], order), amendments, order);
}

/** Threads after more replies of `parentId` came in (after `cursor`, computed after `asOf` of our changes). */
export function mergeReplies(
  shown: readonly KnownThread[],
  parentId: number,
  page: ReplyPage,
  cursor: number | null,
  asOf: number,
  order: CommentOrder,
  amendments: readonly Amendment[],
): KnownThread[] {
  const range = pageRange(cursor, page.list.map((reply) => reply.id), page.nextCursor);
  const threads = shown.map((thread) => {
    if (thread.id !== parentId) return thread;
    const outside = thread.replies.filter((reply) => !inRange(reply.id, range, 'oldest'));
    const newer = asOf >= thread.repliesAsOf;
    return {
      ...thread,
      replyCount: newer ? page.total : thread.replyCount,
      repliesAsOf: newer ? asOf : thread.repliesAsOf,
      replies: sortReplies([...outside, ...page.list.map((reply) => known(reply, asOf))]),
      repliesCursor: lastOf(thread.repliesCursor, page.list.at(-1)?.id ?? null),
    };
  });
  return applyAmendments(threads, amendments, order);
}

/** Applies one change to an item only if the item's data is older than it; marks the item as newer. */
function amend<T extends KnownComment>(item: T, seq: number, change: (item: T) => T): T {
  return item.asOf <= seq ? { ...change(item), asOf: seq + 1 } : item;
}

/** The same for a thread's reply count. */
function recountReplies(thread: KnownThread, seq: number, delta: number): KnownThread {
  if (thread.repliesAsOf > seq) return thread;
  return { ...thread, replyCount: Math.max(0, thread.replyCount + delta), repliesAsOf: seq + 1 };
}

/**
 * Our confirmed changes applied, in the order we sent them, to whatever shown data predates each one:
 * idempotent, so it runs after every merge and every confirmation.
 */
export function applyAmendments(threads: readonly KnownThread[], amendments: readonly Amendment[], order: CommentOrder): KnownThread[] {
  let result = [...threads];
  for (const change of amendments) result = applyAmendment(result, change, order);
  return result;
}

function applyAmendment(threads: KnownThread[], change: Amendment, order: CommentOrder): KnownThread[] {
  switch (change.kind) {
    case 'added': {
      const { comment } = change;
      if (comment.parentId === null) {
        if (threads.some((thread) => thread.id === comment.id)) return threads;
        const thread: KnownThread = {
          ...known(comment, change.seq + 1),
          replyCount: 0,
          repliesAsOf: change.seq + 1,
          replies: [],
          repliesCursor: null,
        };
        return sortThreads([...threads, thread], order);
      }
      return threads.map((thread) => {
        if (thread.id !== comment.parentId) return thread;
        const counted = recountReplies(thread, change.seq, 1);
        if (counted.replies.some((reply) => reply.id === comment.id)) return counted;
        return { ...counted, replies: sortReplies([...counted.replies, known(comment, change.seq + 1)]) };
      });
    }
    case 'removed': {
      if (change.parentId === null) return threads.filter((thread) => thread.id !== change.id);
      return threads.flatMap((thread) => {
        if (thread.id !== change.parentId) return [thread];
        const counted = recountReplies(thread, change.seq, -1);
        const next = { ...counted, replies: counted.replies.filter((reply) => reply.id !== change.id) };
        // A deleted comment is shown only for its replies: with none left, the server lists it no more.
        return next.deleted && next.replyCount === 0 ? [] : [next];
      });
    }
    case 'blanked':
      return threads.map((thread) => (thread.id === change.id ? amend(thread, change.seq, blanked) : thread));
    case 'liked': {
      const like = <T extends KnownComment>(item: T): T =>
        item.id === change.id ? amend(item, change.seq, (c) => ({ ...c, ...change.state })) : item;
      return threads.map((thread) => like({ ...thread, replies: thread.replies.map(like) }));
    }
  }
}

/** Of two counts, the one that reflects more of our changes (the later one when equal). */
export const newerCount = (current: KnownCount, incoming: KnownCount | null): KnownCount =>
  incoming && incoming.asOf >= current.asOf ? incoming : current;

/** The count shown: the newest the server said, plus our confirmed posts it does not reflect yet. */
export function countShown(base: KnownCount, amendments: readonly Amendment[]): number {
  let count = base.count;
  for (const change of amendments) {
    if (change.seq >= base.asOf && change.kind === 'added' && change.comment.status === 'approved') count += 1;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------------------
// What the reader sees: the kept threads, with our comments the server does not list (being sent, or
// waiting for review) in their places, and our likes and deletions still on their way.
// ---------------------------------------------------------------------------------------------------------

/** One of our comments the server's lists do not show: being sent (a negative id until then) or pending review. */
export interface LocalComment extends Comment {
  sending: boolean;
}

export interface ShownComment extends Comment {
  /** Ours, on its way to the server. */
  sending: boolean;
  /** A deletion of it is on its way. */
  deleting: boolean;
}

export interface ShownThread extends ShownComment {
  replyCount: number;
  replies: ShownComment[];
  /** Replies in the thread not loaded yet. */
  moreReplies: number;
}

export interface InFlight {
  /** The like each comment will have once our queued likes are through. */
  likes: ReadonlyMap<number, boolean>;
  deleting: ReadonlySet<number>;
}

/** Just the comment's own fields. */
function plain(comment: Comment): Comment {
  const { id, targetType, targetId, parentId, replyTo, author, content, html, status, deleted, likes, liked, canDelete, createdAt } = comment;
  return { id, targetType, targetId, parentId, replyTo, author, content, html, status, deleted, likes, liked, canDelete, createdAt };
}

function shown(comment: Comment, sending: boolean, inFlight: InFlight): ShownComment {
  const intent = inFlight.likes.get(comment.id);
  const changed = intent !== undefined && intent !== comment.liked;
  return {
    ...plain(comment),
    ...(changed ? { liked: intent, likes: Math.max(0, comment.likes + (intent ? 1 : -1)) } : {}),
    sending,
    deleting: inFlight.deleting.has(comment.id),
  };
}

/** Being sent sorts as the newest of all: first among the newest, last among the oldest and in a thread. */
const sortKey = (comment: LocalComment) => (comment.sending ? Number.MAX_SAFE_INTEGER : comment.id);

interface Entry {
  key: number;
  comment: Comment;
  sending: boolean;
  replies: readonly KnownComment[];
  replyCount: number;
}

export function visibleThreads(
  threads: readonly KnownThread[],
  local: readonly LocalComment[],
  order: CommentOrder,
  inFlight: InFlight,
): ShownThread[] {
  const listed = new Set(threads.flatMap((thread) => [thread.id, ...thread.replies.map((reply) => reply.id)]));
  const mine = local.filter((comment) => !listed.has(comment.id));
  const entries: Entry[] = [
    ...threads.map((thread) => ({ key: thread.id, comment: thread, sending: false, replies: thread.replies, replyCount: thread.replyCount })),
    ...mine
      .filter((comment) => comment.parentId === null)
      .map((comment) => ({ key: sortKey(comment), comment, sending: comment.sending, replies: [], replyCount: 0 })),
  ].sort((a, b) => (order === 'newest' ? b.key - a.key : a.key - b.key));
  return entries.map(({ comment, sending, replies, replyCount }) => ({
    ...shown(comment, sending, inFlight),
    replyCount,
    replies: [
      ...replies.map((reply) => ({ key: reply.id, reply: shown(reply, false, inFlight) })),
      ...mine
        .filter((reply) => reply.parentId === comment.id)
        .map((reply) => ({ key: sortKey(reply), reply: shown(reply, reply.sending, inFlight) })),
    ]
      .sort((a, b) => a.key - b.key)
      .map(({ reply }) => reply),
    moreReplies: Math.max(0, replyCount - replies.length),
  }));
}

/** The comment an address names (`#comment-12`), or null. */
export function commentAnchor(hash: string): number | null {
  const match = /^#comment-([1-9]\d{0,9})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

export type SeekStep = { kind: 'found' } | { kind: 'replies'; id: number } | { kind: 'page' } | { kind: 'missing' };

/**
 * The next load that may bring comment `id` into view (a notification's reply may sit deep in a thread or
 * on a later page): the threads' remaining replies first, then the next page.
 */
export function seekStep(threads: readonly ShownThread[], id: number, hasMore: boolean): SeekStep {
  if (threads.some((thread) => thread.id === id || thread.replies.some((reply) => reply.id === id))) return { kind: 'found' };
  const unexpanded = threads.find((thread) => thread.moreReplies > 0);
  if (unexpanded) return { kind: 'replies', id: unexpanded.id };
  return hasMore ? { kind: 'page' } : { kind: 'missing' };
}
