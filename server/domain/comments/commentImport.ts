import type { AdministratorRef, CommentImportStore, ImportingAdministrator } from '../../ports/commentImportStore';
import type { CommentRenderer } from '../../ports/commentRenderer';
import type { CommentRepository } from '../../ports/commentRepository';
import { AppError } from '../errors';
import { contentMessages } from '../content/messages';
import { flattenThreads, isGuestbook, type ImportedComment } from './importedComments';

const text = contentMessages.commentImport;

/** What an export brings, read by its system's reader. */
export interface CommentBatch {
  /** Names the comments' keys: `twikoo:<id>`. */
  system: string;
  comments: ImportedComment[];
  counters: { page: string[]; views: number }[];
}

export interface CommentImportOptions {
  /** The administrator the owner's comments go to (`--as`, or who uploads); the first administrator when absent. */
  as?: AdministratorRef;
  /** The old blog's guestbook address, when its name is not one of the usual ones. */
  guestbook?: string;
  /** Read and match only: the report of what would come in, nothing written. */
  dryRun?: boolean;
  /**
   * Articles the same run wrote (or, in a dry run, would write), by an address their comments name:
   * matched before the old addresses stored (a WordPress export's comments come with their posts).
   */
  articles?: ReadonlyMap<string, number>;
}

/** What an import did (or, in a dry run, would do). */
export interface CommentImportReport {
  /** Comments added under articles (the waiting ones included). */
  added: number;
  /** Of those, waiting in the review queue. */
  waiting: number;
  /** Guestbook comments added to the message board. */
  board: number;
  /** Already imported by an earlier run: left as they are. */
  existing: number;
  /** By the old blog's owner, now the administrator's. */
  owner: number;
  /** That administrator's nickname. */
  administrator: string;
  skipped: { spam: number; deleted: number };
  /** Pages no article was found for, with how many comments each had. */
  unmatched: { page: string; comments: number }[];
  /** Articles whose view count came along. */
  counters: number;
}

/** An empty report: what nothing adds up to. */
export function emptyCommentReport(administrator = ''): CommentImportReport {
  return { added: 0, waiting: 0, board: 0, existing: 0, owner: 0, administrator, skipped: { spam: 0, deleted: 0 }, unmatched: [], counters: 0 };
}

/** Two reports as one (an export imported in batches). */
export function addCommentReports(a: CommentImportReport, b: CommentImportReport): CommentImportReport {
  const unmatched = new Map(a.unmatched.map(({ page, comments }) => [page, comments]));
  for (const { page, comments } of b.unmatched) unmatched.set(page, (unmatched.get(page) ?? 0) + comments);
  return {
    added: a.added + b.added,
    waiting: a.waiting + b.waiting,
    board: a.board + b.board,
    existing: a.existing + b.existing,
    owner: a.owner + b.owner,
    administrator: a.administrator || b.administrator,
    skipped: { spam: a.skipped.spam + b.skipped.spam, deleted: a.skipped.deleted + b.skipped.deleted },
    unmatched: sortedUnmatched(unmatched),
    counters: a.counters + b.counters,
  };
}

const sortedUnmatched = (unmatched: ReadonlyMap<string, number>) =>
  [...unmatched].map(([page, comments]) => ({ page, comments })).sort((a, b) => b.comments - a.comments || a.page.localeCompare(b.page));

type Target = { kind: 'article'; id: number } | { kind: 'board' } | { kind: 'none'; page: string };

/**
 * Writes the comments of an export under the articles imported from the same blog: one-level threads with
 * reply-to (see flattenThreads), the owner's comments as the administrator's, the guestbook's to the message
 * board, view counters to the articles. Nothing is announced: these are old conversations. Each comment
 * keeps its origin's key, so a second import adds only what the first did not have.
 */
export class CommentImport {
  constructor(
    private readonly deps: { comments: CommentRepository; store: CommentImportStore; renderer: CommentRenderer },
  ) {}

  async run(batch: CommentBatch, options: CommentImportOptions = {}): Promise<CommentImportReport> {
    const flat = flattenThreads(batch.comments);
    const admin = await this.deps.store.administrator(options.as);
    if (options.as && 'username' in options.as && !admin) throw new AppError('invalid', text.unknownAdministrator(options.as.username));
    // Without any administrator, only comments flagged as the owner's have nowhere to go.
    if (!admin && flat.comments.some(({ comment }) => comment.owner)) throw new AppError('invalid', text.noAdministrator);
    const report: CommentImportReport = { ...emptyCommentReport(admin?.nickName), skipped: flat.skipped };
    const keyOf = (sourceId: string) => `${batch.system}:${sourceId}`;
    const ids = await this.deps.comments.importedIds(flat.comments.map(({ comment }) => keyOf(comment.sourceId)));
    const targets = new Map<string, Promise<Target>>();
    const targetOf = (page: string[]) => {
      const key = JSON.stringify(page);
      let target = targets.get(key);
      if (!target) targets.set(key, (target = this.resolve(page, options)));
      return target;
    };
    const unmatched = new Map<string, number>();
    const rootTargets = new Map<string, Target>();
    const nickNames = new Map<string, string>();

    for (const { comment, rootId, replyTo } of flat.comments) {
      const owner = admin !== undefined && this.isOwner(comment, admin);
      const nickName = owner ? admin.nickName : comment.nickName;
      nickNames.set(comment.sourceId, nickName);
      // A reply goes where its thread is, whatever page the export names for it.
      const target = (rootId === null ? undefined : rootTargets.get(rootId)) ?? (await targetOf(comment.page));
      if (rootId === null) rootTargets.set(comment.sourceId, target);
      const key = keyOf(comment.sourceId);
      if (ids.has(key)) {
        report.existing++;
        continue;
      }
      if (target.kind === 'none') {
        unmatched.set(target.page, (unmatched.get(target.page) ?? 0) + 1);
        continue;
      }
      if (owner) report.owner++;
      if (target.kind === 'board') {
        // The board has no threads for visitors: a reply says whom it answers in its text.
        const answered = replyTo === null ? undefined : nickNames.get(replyTo);
        const content = answered === undefined ? comment.content : `@${answered} ${comment.content}`;
        const added =
          options.dryRun ||
          (await this.deps.store.addBoardPost({
            importKey: key,
            content,
            userId: owner ? admin.id : null,
            nickName,
            likes: comment.likes,
            hidden: comment.state === 'waiting',
            createdAt: comment.createdAt,
          }));
        if (added) report.board++;
        else report.existing++;
        continue;
      }
      const parent = rootId === null ? undefined : ids.get(keyOf(rootId));
      const answered = replyTo === null ? undefined : ids.get(keyOf(replyTo));
      // In a dry run nothing has an id: a stand-in keeps the thread's shape for the count.
      const id = options.dryRun
        ? -1
        : await this.deps.comments.insert({
            target: { type: 'article', id: target.id },
            parentId: parent ?? null,
            replyTo: parent === undefined ? null : (answered ?? parent),
            userId: owner ? admin.id : null,
            nickName,
            email: owner ? '' : comment.email,
            site: owner ? '' : comment.site,
            content: comment.content,
            html: this.deps.renderer.render(comment.content),
            status: comment.state === 'waiting' ? 'pending' : 'approved',
            addressHash: '',
            createdAt: comment.createdAt,
            importKey: key,
            likes: comment.likes,
          });
      ids.set(key, id);
      report.added++;
      if (comment.state === 'waiting') report.waiting++;
    }
    report.unmatched = sortedUnmatched(unmatched);

    for (const counter of batch.counters) {
      const target = await targetOf(counter.page.filter((page) => page !== ''));
      if (target.kind !== 'article' || counter.views <= 0) continue;
      if (!options.dryRun) await this.deps.store.raiseViews(target.id, counter.views);
      report.counters++;
    }
    return report;
  }

  /** The old blog's owner: flagged by the old system, or writing with the administrator's email. */
  private isOwner(comment: ImportedComment, admin: ImportingAdministrator | undefined): boolean {
    return comment.owner || (admin !== undefined && admin.email !== '' && comment.email === admin.email);
  }

  private async resolve(page: string[], options: CommentImportOptions): Promise<Target> {
    if (page.some((address) => isGuestbook(address, options.guestbook))) return { kind: 'board' };
    for (const address of page) {
      const id = options.articles?.get(address);
      if (id !== undefined) return { kind: 'article', id };
    }
    for (const address of page) {
      const id = await this.deps.store.articleAt(address);
      if (id !== undefined) return { kind: 'article', id };
    }
    return { kind: 'none', page: page[0] ?? '' };
  }
}
