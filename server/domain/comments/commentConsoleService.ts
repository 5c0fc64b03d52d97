import { articlePath } from '../../../src/protocol/routes';
import { COMMENT_STATUSES, type CommentDeletedDto } from '../../../src/protocol/comments';
import {
  MAX_COMMENT_BATCH,
  MAX_CONSOLE_COMMENT_KEYWORD_LENGTH,
  type CommentSettingsDto,
  type ConsoleCommentBatchAction,
  type ConsoleCommentBatchDto,
  type ConsoleCommentDto,
  type ConsoleCommentPageDto,
} from '../../../src/protocol/console/comments';
import type { CommentAuthorKey, CommentQueueQuery, CommentRepository } from '../../ports/commentRepository';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import { AppError } from '../errors';
import { parseId } from '../content/input';
import { excerpt } from '../content/showcaseService';
import type { CommentStatus, CommentTarget, StoredComment } from './comment';
import type { CommentService } from './commentService';
import { commentMessages } from './messages';
import { checkedKeywords, foldAscii, lengthOf, matchedKeywords } from './rules';

/** Rows of a console page when the call does not say; the most it may ask for. */
export const CONSOLE_PAGE_SIZE = 20;
export const MAX_CONSOLE_PAGE_SIZE = 100;

function positive(raw: string | undefined, fallback: number, max: number, message: string): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > max) throw new AppError('invalid', message);
  return Number(raw);
}

function parseStatus(raw: unknown): CommentStatus {
  if (!COMMENT_STATUSES.includes(raw as CommentStatus)) throw new AppError('invalid', commentMessages.invalidStatus);
  return raw as CommentStatus;
}

/** The console's moderation: the review queue, a commenter's other comments, approve / spam / delete, the settings. */
export class CommentConsoleService {
  constructor(
    private readonly comments: CommentRepository,
    private readonly service: CommentService,
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async queue(query: {
    status?: string;
    keyword?: string;
    current?: string;
    size?: string;
  }): Promise<ConsoleCommentPageDto> {
    const status = query.status === undefined || query.status === '' ? 'pending' : parseStatus(query.status);
    const keyword = (query.keyword ?? '').trim();
    if (lengthOf(keyword) > MAX_CONSOLE_COMMENT_KEYWORD_LENGTH) {
      throw new AppError('invalid', commentMessages.keywordTooLong(MAX_CONSOLE_COMMENT_KEYWORD_LENGTH));
    }
    return this.page({ status, ...(keyword === '' ? {} : { keyword: foldAscii(keyword) }) }, query);
  }

  /** Every comment (any status) of the commenter who wrote comment `rawId`. */
  async byAuthor(rawId: string, query: { current?: string; size?: string }): Promise<ConsoleCommentPageDto> {
    const comment = await this.comments.find(parseId(rawId, commentMessages.comment));
    if (!comment) throw new AppError('notFound', commentMessages.commentNotFound);
    const author: CommentAuthorKey =
      comment.userId !== null
        ? { userId: comment.userId }
        : comment.email !== ''
          ? { email: comment.email }
          : { nickName: comment.nickName };
    return this.page({ author }, query);
  }

  async setStatus(rawId: string, status: CommentStatus): Promise<ConsoleCommentDto> {
    const comment = await this.service.existing(rawId);
    await this.moveTo(comment, status);
    const after = await this.service.existing(rawId);
    return (await this.toConsoleDtos([after], (await this.comments.settings()).keywords))[0]!;
  }

  async batch(rawIds: readonly number[], action: ConsoleCommentBatchAction): Promise<ConsoleCommentBatchDto> {
    if (rawIds.length === 0 || rawIds.length > MAX_COMMENT_BATCH)
      throw new AppError('invalid', commentMessages.batchSize(MAX_COMMENT_BATCH));
    const ids = [...new Set(rawIds.map((id) => parseId(id, commentMessages.comment)))];
    let done = 0;
    for (const id of ids) {
      const comment = await this.comments.find(id);
      if (!comment || comment.deleted) continue;
      if (action === 'delete') await this.service.delete(comment);
      else if (!(await this.moveTo(comment, action === 'approve' ? 'approved' : 'spam'))) continue;
      done++;
    }
    return { done };
  }

  async remove(rawId: string): Promise<CommentDeletedDto> {
    return this.service.delete(await this.service.existing(rawId));
  }

  settings(): Promise<CommentSettingsDto> {
    return this.comments.settings();
  }

  async saveSettings(body: CommentSettingsDto): Promise<CommentSettingsDto> {
    const settings = { visitorsMayComment: body.visitorsMayComment, keywords: checkedKeywords(body.keywords) };
    await this.comments.saveSettings(settings);
    return settings;
  }

  /** Changes a comment's status; approving a waiting one tells those it concerns. False when nothing changed. */
  private async moveTo(comment: StoredComment, status: CommentStatus): Promise<boolean> {
    if (comment.status === status) return false;
    await this.comments.setStatus(comment.id, status);
    if (comment.status === 'approved' || status === 'approved') this.changes.changed(['comments']);
    if (status === 'approved' && comment.status === 'pending') {
      const info = await this.comments.target(comment.target);
      // A comment on a target that is no longer public is approved without telling anyone of it.
      if (info) await this.service.announce({ ...comment, status }, info, false);
    }
    return true;
  }

  private async page(
    filter: Pick<CommentQueueQuery, 'status' | 'keyword' | 'author'>,
    query: { current?: string; size?: string },
  ): Promise<ConsoleCommentPageDto> {
    const current = positive(query.current, 1, 1_000_000, commentMessages.invalidPage);
    const size = positive(
      query.size,
      CONSOLE_PAGE_SIZE,
      MAX_CONSOLE_PAGE_SIZE,
      commentMessages.pageSize(MAX_CONSOLE_PAGE_SIZE),
    );
    const [{ items, total }, counts, settings] = await Promise.all([
      this.comments.queue({ ...filter, offset: (current - 1) * size, limit: size }),
      this.comments.statusCounts(),
      this.comments.settings(),
    ]);
    return { list: await this.toConsoleDtos(items, settings.keywords), total, current, size, counts };
  }

  private async toConsoleDtos(
    items: readonly StoredComment[],
    keywords: readonly string[],
  ): Promise<ConsoleCommentDto[]> {
    const titles = new Map<string, { title: string; url: string }>();
    const titleOf = async (target: CommentTarget) => {
      const key = `${target.type}:${target.id}`;
      let found = titles.get(key);
      if (!found) {
        const info = await this.comments.anyTargetTitle(target);
        const title =
          target.type === 'article' ? (info?.title ?? '') : commentMessages.talkTitle(excerpt(info?.title ?? '', 20));
        const url = !info?.public ? '' : target.type === 'article' ? articlePath(target.id) : `/talk?id=${target.id}`;
        found = { title, url };
        titles.set(key, found);
      }
      return found;
    };
    const dtos: ConsoleCommentDto[] = [];
    for (const c of items) {
      const { title, url } = await titleOf(c.target);
      dtos.push({
        id: c.id,
        target: { type: c.target.type, id: c.target.id, title, url },
        parentId: c.parentId,
        replyTo: c.replyTo !== null ? { id: c.replyTo, nickName: c.replyToNickName ?? '' } : null,
        author: {
          userId: c.userId,
          nickName: c.nickName,
          avatar: c.avatar,
          email: c.email,
          site: c.site,
          admin: c.admin,
        },
        content: c.content,
        html: c.html,
        status: c.status,
        likes: c.likes,
        matchedKeywords: matchedKeywords(c.content, keywords),
        createdAt: c.createdAt,
      });
    }
    return dtos;
  }
}
