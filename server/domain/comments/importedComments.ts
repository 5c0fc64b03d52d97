import { normaliseOldAddress } from '../content/oldAddress';

/**
 * Comments brought in from another comment system (Twikoo, Waline, Valine, Artalk, Disqus, WordPress): the
 * one shape every reader of an export produces, and the rule that turns a tree of any depth into our
 * one-level threads. Pure: the readers and the writer do the I/O.
 */

/** What the old system said of a comment: only approved and waiting ones come in. */
export type ImportedState = 'approved' | 'waiting' | 'spam' | 'deleted';

export interface ImportedComment {
  /** The comment's id in the old system: replies name their parent by it, and a re-import knows it by it. */
  sourceId: string;
  /** The comment it answers (any depth), or null for a top-level comment. */
  parentId: string | null;
  /** Where it was: the page's addresses as the export gives them (path, full URL, Disqus thread id…). */
  page: string[];
  nickName: string;
  /** Kept for notices and avatars, never shown. */
  email: string;
  site: string;
  /** Markdown (HTML exports are converted by their reader). */
  content: string;
  /** ISO 8601. */
  createdAt: string;
  state: ImportedState;
  likes: number;
  /** Written by the old blog's owner (Twikoo `master`, Waline administrator, Artalk badge…). */
  owner: boolean;
}

/** A comment as it is stored: under its thread's top-level comment, answering its real parent. */
export interface FlatComment {
  comment: ImportedComment;
  /** The source id of its thread's top-level comment; null when it is one. */
  rootId: string | null;
  /** The source id of the comment it answers (kept in the thread); null for a top-level comment. */
  replyTo: string | null;
}

export interface FlatThreads {
  /** Parents before their replies, otherwise oldest first: the order to store them in. */
  comments: FlatComment[];
  /** Left out: spam and deleted comments. */
  skipped: { spam: number; deleted: number };
}

const kept = (comment: ImportedComment) => comment.state === 'approved' || comment.state === 'waiting';

/**
 * Turns the comments of a page, as a tree of any depth, into one-level threads. Each reply joins the
 * thread of its top-level ancestor and answers its parent. A comment left out (spam, deleted) hands its
 * replies to its own nearest kept ancestor; a reply with none becomes a top-level comment. A parent the
 * export lacks counts as none. Cycles (a broken export) are cut where they close.
 */
export function flattenThreads(comments: readonly ImportedComment[]): FlatThreads {
  const byId = new Map<string, ImportedComment>();
  for (const comment of comments) if (!byId.has(comment.sourceId)) byId.set(comment.sourceId, comment);
  const skipped = { spam: 0, deleted: 0 };
  for (const comment of byId.values()) if (comment.state === 'spam' || comment.state === 'deleted') skipped[comment.state] += 1;

  // Each kept comment's nearest kept ancestor: left-out parents are passed over (a cycle of them ends it).
  const parentOf = new Map<string, string | null>();
  const keptComments = [...byId.values()].filter(kept);
  for (const comment of keptComments) {
    const seen = new Set([comment.sourceId]);
    let parent = comment.parentId === null ? undefined : byId.get(comment.parentId);
    while (parent && !kept(parent) && !seen.has(parent.sourceId)) {
      seen.add(parent.sourceId);
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    parentOf.set(comment.sourceId, parent && kept(parent) && !seen.has(parent.sourceId) ? parent.sourceId : null);
  }
  // A cycle of kept comments (a broken export) is cut where it closes: that comment becomes top-level.
  const checked = new Set<string>();
  for (const comment of keptComments) {
    const onPath = new Set<string>();
    for (let at: string | null = comment.sourceId; at !== null && !checked.has(at); at = parentOf.get(at)!) {
      if (onPath.has(at)) {
        parentOf.set(at, null);
        break;
      }
      onPath.add(at);
    }
    for (const id of onPath) checked.add(id);
  }
  const roots = new Map<string, string | null>();
  const rootOf = (id: string): string | null => {
    const chain: string[] = [];
    let at = id;
    while (!roots.has(at) && parentOf.get(at) !== null) {
      chain.push(at);
      at = parentOf.get(at)!;
    }
    const top = roots.has(at) ? (roots.get(at) ?? at) : at;
    if (!roots.has(at)) roots.set(at, null);
    for (const link of chain) roots.set(link, top);
    return roots.get(id)!;
  };

  const flat: FlatComment[] = [];
  const placed = new Set<string>();
  const place = (comment: ImportedComment) => {
    if (placed.has(comment.sourceId)) return;
    placed.add(comment.sourceId);
    const replyTo = parentOf.get(comment.sourceId)!;
    // A parent written later than its reply (clocks differ) still goes first: the reply names its row.
    if (replyTo !== null) place(byId.get(replyTo)!);
    flat.push({ comment, rootId: rootOf(comment.sourceId), replyTo });
  };
  for (const comment of keptComments.sort((a, b) => a.createdAt.localeCompare(b.createdAt))) place(comment);
  return { comments: flat, skipped };
}

/** Page names a guestbook has on Chinese blogs (the last part of its address). */
const GUESTBOOK_NAMES = new Set(['guestbook', 'message', 'messages', 'messageboard', 'msgboard', 'board', 'liuyan', 'comment', 'comments', '留言', '留言板']);

/** Whether a page address is the old blog's guestbook, by name or as `guestbook` names it. */
export function isGuestbook(address: string, guestbook?: string): boolean {
  const path = normaliseOldAddress(address);
  if (path === undefined) return false;
  if (guestbook !== undefined) return path === normaliseOldAddress(guestbook);
  return GUESTBOOK_NAMES.has(path.split('/').at(-1)!.toLowerCase());
}
