import {
  blanked,
  COMMENT_PAGE_SIZE,
  FIRST_REPLIES,
  type Comment,
  type CommentDraft,
  type CommentOrder,
  type CommentTarget,
  type CommentThread,
  type LikeState,
} from '../../src/domain/comments/comments';
import { ReportedError } from '../../src/domain/account/account';
import type { CommentsApi } from '../../src/ports/commentsApi';

const REPLY_PAGE_SIZE = 10;

interface Stored {
  id: number;
  parentId: number | null;
  replyTo: { id: number; nickName: string } | null;
  authorId: number;
  content: string;
  status: 'approved' | 'pending';
  deleted: boolean;
  likers: Set<number>;
  createdAt: string;
}

/** Text that the fake refuses, as the real server refuses a rate-limited or banned comment. */
export const REFUSED_TEXT = '拒';
/** Text that waits for review, as a keyword match does on the real server. */
export const PENDING_TEXT = '待审';
export const REFUSAL_MESSAGE = '评论过于频繁，请稍后再试';

/**
 * The comments of one article, kept in memory with the real server's rules (keyset pages, one level of
 * replies, a deleted comment kept only while it has shown replies, pending comments shown to nobody),
 * answering as one reader. Each call is computed when it is made; `deliver` decides when its answer arrives.
 */
export class FakeCommentsServer {
  private readonly comments = new Map<number, Stored>();
  private nextId = 1;
  readonly target: CommentTarget = { type: 'article', id: 7 };

  constructor(readonly viewerId: number) {}

  /** A comment by `authorId` (the viewer's when equal), answering `parentId` if given. */
  add(authorId: number, content: string, parentId: number | null = null): number {
    const id = this.nextId++;
    this.comments.set(id, {
      id,
      parentId,
      replyTo: null,
      authorId,
      content,
      status: 'approved',
      deleted: false,
      likers: new Set(),
      createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, id)).toISOString(),
    });
    return id;
  }

  private shownReplies(parentId: number): Stored[] {
    return [...this.comments.values()]
      .filter((c) => c.parentId === parentId && c.status === 'approved' && !c.deleted)
      .sort((a, b) => a.id - b.id);
  }

  private listedThreads(order: CommentOrder): Stored[] {
    return [...this.comments.values()]
      .filter((c) => c.parentId === null && c.status === 'approved' && (!c.deleted || this.shownReplies(c.id).length > 0))
      .sort((a, b) => (order === 'newest' ? b.id - a.id : a.id - b.id));
  }

  private dto(c: Stored): Comment {
    const comment: Comment = {
      id: c.id,
      targetType: 'article',
      targetId: this.target.id,
      parentId: c.parentId,
      replyTo: c.replyTo,
      author: { userId: c.authorId, nickName: `读者${c.authorId}`, avatar: '', site: '', admin: false },
      content: c.content,
      html: `<p>${c.content}</p>`,
      status: c.status,
      deleted: false,
      likes: c.likers.size,
      liked: c.likers.has(this.viewerId),
      canDelete: c.authorId === this.viewerId,
      createdAt: c.createdAt,
    };
    return c.deleted ? blanked(comment) : comment;
  }

  private thread(c: Stored): CommentThread {
    const replies = this.shownReplies(c.id);
    return { ...this.dto(c), replyCount: replies.length, replies: replies.slice(0, FIRST_REPLIES).map((r) => this.dto(r)) };
  }

  /** The comment count under the article: shown comments, replies included. */
  count(): number {
    return [...this.comments.values()].filter((c) => c.status === 'approved' && !c.deleted && (c.parentId === null || this.isShown(c.parentId)))
      .length;
  }

  private isShown(id: number): boolean {
    const c = this.comments.get(id);
    return !!c && c.status === 'approved';
  }

  /** Every thread in `order` with all its replies: what the reader sees once everything is loaded. */
  everything(order: CommentOrder): CommentThread[] {
    return this.listedThreads(order).map((c) => {
      const replies = this.shownReplies(c.id);
      return { ...this.dto(c), replyCount: replies.length, replies: replies.map((r) => this.dto(r)) };
    });
  }

  /** The viewer's comments waiting for review, as the client keeps them. */
  pendingOfViewer(): Comment[] {
    return [...this.comments.values()].filter((c) => c.status === 'pending' && c.authorId === this.viewerId).map((c) => this.dto(c));
  }

  api(deliver: <T>(label: string, compute: () => T) => Promise<T>): CommentsApi {
    return {
      page: (target, order, cursor) =>
        deliver(`page ${order} after ${cursor}`, () => {
          const all = this.listedThreads(order).filter((c) => cursor === null || (order === 'newest' ? c.id < cursor : c.id > cursor));
          const list = all.slice(0, COMMENT_PAGE_SIZE);
          return {
            list: list.map((c) => this.thread(c)),
            count: this.count(),
            nextCursor: all.length > COMMENT_PAGE_SIZE ? list.at(-1)!.id : null,
            visitorsMayComment: false,
            closed: false,
          };
        }),
      replies: (id, cursor) =>
        deliver(`replies of ${id} after ${cursor}`, () => {
          const all = this.shownReplies(id);
          const after = all.filter((r) => cursor === null || r.id > cursor);
          const list = after.slice(0, REPLY_PAGE_SIZE);
          return {
            list: list.map((r) => this.dto(r)),
            total: all.length,
            nextCursor: after.length > REPLY_PAGE_SIZE ? list.at(-1)!.id : null,
          };
        }),
      post: (target, draft: CommentDraft) =>
        deliver(`post "${draft.content}"`, () => {
          if (draft.content.includes(REFUSED_TEXT)) throw new Error(REFUSAL_MESSAGE);
          let parentId: number | null = null;
          let replyTo: Stored['replyTo'] = null;
          if (draft.replyTo !== undefined) {
            const answered = this.comments.get(draft.replyTo);
            if (!answered || answered.deleted || answered.status !== 'approved') throw new ReportedError('评论不存在');
            const parent = answered.parentId === null ? answered : this.comments.get(answered.parentId);
            if (!parent || parent.status !== 'approved' || (parent.deleted && this.shownReplies(parent.id).length === 0)) {
              throw new ReportedError('评论不存在');
            }
            parentId = parent.id;
            if (answered.parentId !== null) replyTo = { id: answered.id, nickName: `读者${answered.authorId}` };
          }
          const id = this.add(this.viewerId, draft.content.trim(), parentId);
          const stored = this.comments.get(id)!;
          stored.replyTo = replyTo;
          if (draft.content.includes(PENDING_TEXT)) stored.status = 'pending';
          return this.dto(stored);
        }),
      delete: (id) =>
        deliver(`delete ${id}`, () => {
          const c = this.comments.get(id);
          if (!c || c.deleted) throw new ReportedError('评论不存在');
          if (c.authorId !== this.viewerId) throw new ReportedError('无权删除');
          const kept = c.parentId === null && c.status === 'approved' && this.shownReplies(id).length > 0;
          if (kept) c.deleted = true;
          else this.comments.delete(id);
          return { id, kept, count: this.count() };
        }),
      like: (id, liked) =>
        deliver(`like ${id} ${liked}`, (): LikeState => {
          const c = this.comments.get(id);
          if (!c || c.deleted || c.status !== 'approved') throw new ReportedError('评论不存在');
          if (liked) c.likers.add(this.viewerId);
          else c.likers.delete(this.viewerId);
          return { likes: c.likers.size, liked };
        }),
      likeTalk: () => Promise.reject(new Error('not a talk')),
      talkLikes: () => Promise.resolve(new Map()),
    } satisfies CommentsApi;
  }
}
