import {
  COMMENT_PAGE_SIZE,
  COMMENT_RATE_LIMIT,
  FIRST_REPLIES,
  MAX_LIKE_STATE_IDS,
  REPLY_PAGE_SIZE,
  commentPath,
  type CommentDeletedDto,
  type CommentDto,
  type CommentPageDto,
  type CommentPostBody,
  type CommentReplyPageDto,
  type CommentThreadDto,
  type LikeStateDto,
  type TalkLikeStateDto,
} from '../../../src/protocol/comments';
import type { Clock } from '../../ports/clock';
import type { CommentRenderer } from '../../ports/commentRenderer';
import type { CommentRepository } from '../../ports/commentRepository';
import type { KeyedHash } from '../../ports/keyedHash';
import type { Mailer } from '../../ports/mailer';
import type { CommentNotifier } from '../../ports/notificationPublisher';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import { ADMIN_ROLE } from '../accounts/currentUser';
import { AppError } from '../errors';
import { escapeHtml } from '../content/html';
import { parseId } from '../content/input';
import { excerpt } from '../content/showcaseService';
import type {
  CommentOrder,
  CommentTarget,
  CommentTargetType,
  EmailSettings,
  StoredComment,
  TargetInfo,
  Viewer,
} from './comment';
import { commentMessages } from './messages';
import { replyMail } from './replyMail';
import {
  checkedEmail,
  checkedNickName,
  checkedSite,
  checkedText,
  initialStatus,
  isListed,
  matchedKeywords,
} from './rules';

/** How far back the rate limit and the repeat check look. */
export const COMMENT_WINDOW_MS = 60_000;
/** Characters of a comment quoted in a notification. */
const NOTICE_EXCERPT = 40;

export interface CommentMail {
  mailer: Mailer;
  /** The public origin (SITE_URL): links in emails are absolute. */
  siteUrl: string;
  siteName(): Promise<string>;
  /** A send that failed: logged, never the commenter's problem. */
  onError(error: unknown): void;
}

export interface CommentServiceDeps {
  comments: CommentRepository;
  renderer: CommentRenderer;
  hash: KeyedHash;
  notifier: CommentNotifier;
  clock: Clock;
  /** Told when a comment changes the counts lists show. */
  changes?: ChangeNotifier;
  /** Reply emails; absent without SMTP_URL, and then none is sent. */
  mail?: CommentMail | undefined;
}

const TARGET_TYPES: readonly CommentTargetType[] = ['article', 'talk'];

function parseTargetType(raw: unknown): CommentTargetType {
  if (!TARGET_TYPES.includes(raw as CommentTargetType)) throw new AppError('invalid', commentMessages.invalidTarget);
  return raw as CommentTargetType;
}

export function parseTarget(type: unknown, id: string | number): CommentTarget {
  const targetType = parseTargetType(type);
  return {
    type: targetType,
    id: parseId(id, targetType === 'article' ? commentMessages.article : commentMessages.talk),
  };
}

function parseOrder(raw: string | undefined): CommentOrder {
  if (raw === undefined || raw === 'newest') return 'newest';
  if (raw === 'oldest') return 'oldest';
  throw new AppError('invalid', commentMessages.invalidOrder);
}

function parseCursor(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647)
    throw new AppError('invalid', commentMessages.invalidCursor);
  return Number(raw);
}

const isAdmin = (viewer: Viewer) => viewer.user?.role === ADMIN_ROLE;

/** The phrase naming where a comment is, for notices and emails (not escaped). */
export function wherePhrase(target: CommentTarget, title: string): string {
  return target.type === 'article'
    ? commentMessages.notify.articleWhere(title)
    : commentMessages.notify.talkWhere(excerpt(title, 20));
}

/**
 * Comments under articles and talks: reading threads, posting (with the abuse rules), deleting, likes on
 * comments and talks, the notices and reply emails they cause, and the reply-email settings of an account.
 */
export class CommentService {
  private readonly comments: CommentRepository;
  private readonly changes: ChangeNotifier;
  private keyPromise: Promise<string> | undefined;
  /** Reply emails on their way: a stopping server lets them finish. */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: CommentServiceDeps) {
    this.comments = deps.comments;
    this.changes = deps.changes ?? ignoreChanges;
  }

  /** A page of threads (`cursor`: the last id of the page before). */
  async page(
    query: { type: unknown; id: string; order?: string; cursor?: string },
    viewer: Viewer,
  ): Promise<CommentPageDto> {
    const target = parseTarget(query.type, query.id);
    return this.threadPage(target, parseOrder(query.order), parseCursor(query.cursor), viewer);
  }

  /** The first page, newest first: what the server renders under an article. */
  firstPage(target: CommentTarget, viewer: Viewer): Promise<CommentPageDto> {
    return this.threadPage(target, 'newest', undefined, viewer);
  }

  async replies(rawId: string, rawCursor: string | undefined, viewer: Viewer): Promise<CommentReplyPageDto> {
    const cursor = parseCursor(rawCursor);
    const parent = await this.shownComment(rawId);
    if (parent.parentId !== null) throw new AppError('notFound', commentMessages.commentNotFound);
    const rows = await this.comments.replies(parent.target, parent.id, cursor, REPLY_PAGE_SIZE + 1);
    const list = rows.slice(0, REPLY_PAGE_SIZE);
    const liked = await this.comments.likedAmong(
      list.map((c) => c.id),
      await this.likerOf(viewer),
    );
    return {
      list: list.map((c) => this.toDto(c, liked.has(c.id), viewer)),
      total: parent.replyCount,
      nextCursor: rows.length > REPLY_PAGE_SIZE ? list[list.length - 1]!.id : null,
    };
  }

  async post(body: CommentPostBody, viewer: Viewer): Promise<CommentDto> {
    const target = parseTarget(body.targetType, body.targetId);
    const content = checkedText(body.content, (text) => this.deps.renderer.linkCount(text));
    const info = await this.publicTarget(target);
    if (info.commentsClosed) throw new AppError('forbidden', commentMessages.commentsClosed);
    const settings = await this.comments.settings();
    const user = viewer.user;
    if (!user && !settings.visitorsMayComment) throw new AppError('unauthenticated', commentMessages.visitorsClosed);
    const author = user
      ? { userId: user.id, nickName: user.nickName, email: '', site: '' }
      : {
          userId: null,
          nickName: checkedNickName(body.nickName),
          email: checkedEmail(body.email ?? ''),
          site: checkedSite(body.site ?? ''),
        };
    const thread =
      body.replyTo === undefined
        ? undefined
        : await this.answerable(parseId(body.replyTo, commentMessages.comment), target);
    const now = this.deps.clock.now();
    const addressHash = await this.addressHash(viewer.address, now);
    await this.refuseFloods(author.userId, addressHash, content, now);
    const admin = isAdmin(viewer);
    const status = initialStatus(
      { visitor: user === null, admin },
      admin ? [] : matchedKeywords(content, settings.keywords),
    );
    const id = await this.comments.insert({
      target,
      parentId: thread?.parentId ?? null,
      replyTo: thread?.replyTo ?? null,
      ...author,
      content,
      html: this.deps.renderer.render(content),
      status,
      addressHash,
      createdAt: now.toISOString(),
    });
    if (status === 'approved') this.changes.changed(['comments']);
    const stored = await this.comments.find(id);
    if (!stored) throw new AppError('notFound', commentMessages.commentNotFound);
    await this.announce(stored, info, true);
    return this.toDto(stored, false, viewer);
  }

  /** By its signed-in author or an administrator; one with listed replies stays as 该评论已删除. */
  async remove(rawId: string, viewer: Viewer): Promise<CommentDeletedDto> {
    const comment = await this.existing(rawId);
    const user = viewer.user;
    if (!user) throw new AppError('unauthenticated', commentMessages.visitorsClosed);
    if (user.role !== ADMIN_ROLE && comment.userId !== user.id)
      throw new AppError('forbidden', commentMessages.notYours);
    return this.delete(comment);
  }

  /** Deletes a comment known to exist (the console's delete too). */
  async delete(comment: StoredComment): Promise<CommentDeletedDto> {
    await this.comments.markDeleted(comment.id);
    if (comment.status === 'approved') this.changes.changed(['comments']);
    const after = await this.comments.find(comment.id);
    const info = await this.comments.target(comment.target);
    return { id: comment.id, kept: after !== undefined && isListed(after), count: info?.commentCount ?? 0 };
  }

  async like(rawId: string, liked: boolean, viewer: Viewer): Promise<LikeStateDto> {
    const comment = await this.shownComment(rawId);
    if (comment.deleted) throw new AppError('notFound', commentMessages.commentNotFound);
    const likes = await this.comments.setLike(comment.id, await this.likerOf(viewer), liked);
    return { likes, liked };
  }

  async likeTalk(rawId: string, liked: boolean, viewer: Viewer): Promise<LikeStateDto> {
    const target = parseTarget('talk', rawId);
    await this.publicTarget(target);
    const likes = await this.comments.setTalkLike(target.id, await this.likerOf(viewer), liked);
    return { likes, liked };
  }

  async talkLikeStates(rawIds: readonly number[], viewer: Viewer): Promise<TalkLikeStateDto[]> {
    if (rawIds.length === 0 || rawIds.length > MAX_LIKE_STATE_IDS)
      throw new AppError('invalid', commentMessages.likeIds(MAX_LIKE_STATE_IDS));
    const ids = [...new Set(rawIds.map((id) => parseId(id, commentMessages.talk)))];
    return this.comments.talkLikes(ids, await this.likerOf(viewer));
  }

  /** The link of a reply email: switches that account's reply emails off. */
  async unsubscribe(token: string): Promise<boolean> {
    const match = /^([1-9]\d{0,9})\.([0-9a-f]{32})$/.exec(token);
    if (!match) return false;
    const userId = Number(match[1]);
    const settings = await this.comments.emailSettings(userId);
    if (!settings || settings.email === '') return false;
    if (!sameText(await this.unsubscribeSignature(userId, settings.email), match[2]!)) return false;
    await this.comments.saveEmailSettings(userId, { email: settings.email, notify: false });
    return true;
  }

  async emailSettings(userId: number): Promise<EmailSettings> {
    return (await this.comments.emailSettings(userId)) ?? { email: '', notify: false };
  }

  /** The personal centre's email and 邮件提醒: an address, or '' (which switches the emails off). */
  async updateEmailSettings(userId: number, changes: { email?: string; notify?: boolean }): Promise<EmailSettings> {
    const current = await this.emailSettings(userId);
    const email =
      changes.email === undefined
        ? current.email
        : checkedEmail(changes.email, {
            invalid: commentMessages.account.emailInvalid,
            tooLong: commentMessages.account.emailTooLong,
          });
    const notify = changes.notify ?? current.notify;
    if (notify && email === '' && changes.notify === true)
      throw new AppError('invalid', commentMessages.account.emailRequired);
    const next = { email, notify: notify && email !== '' };
    await this.comments.saveEmailSettings(userId, next);
    return next;
  }

  /**
   * Tells the people a comment concerns. A pending one: the administrators, that it waits. An approved
   * one: the author of the comment it answers (and by email, if they asked), and when it is new, the
   * administrators (who write every article and talk). Nobody hears of their own comment.
   */
  async announce(comment: StoredComment, info: TargetInfo, isNew: boolean): Promise<void> {
    const where = wherePhrase(comment.target, info.title);
    const who = escapeHtml(comment.nickName);
    const words = escapeHtml(excerpt(comment.content, NOTICE_EXCERPT));
    const notice = (message: string) => ({
      type: comment.target.type === 'article' ? (1 as const) : (2 as const),
      message,
      toId: comment.target.id,
      commentId: comment.id,
    });
    const told = new Set<number>(comment.userId === null ? [] : [comment.userId]);
    if (comment.status === 'pending') {
      for (const admin of await this.comments.administrators()) {
        if (told.has(admin)) continue;
        told.add(admin);
        await this.deps.notifier.aboutComment(
          admin,
          notice(commentMessages.notify.pending(who, escapeHtml(where), words)),
        );
      }
      return;
    }
    if (comment.status !== 'approved') return;
    if (comment.replyToUserId !== null && !told.has(comment.replyToUserId)) {
      const answered = comment.replyToUserId;
      told.add(answered);
      await this.deps.notifier.aboutComment(
        answered,
        notice(commentMessages.notify.replied(who, escapeHtml(where), words)),
      );
      this.mailReply(answered, comment, where);
    }
    if (!isNew) return;
    for (const admin of await this.comments.administrators()) {
      if (told.has(admin)) continue;
      told.add(admin);
      await this.deps.notifier.aboutComment(
        admin,
        notice(commentMessages.notify.commented(who, escapeHtml(where), words)),
      );
    }
  }

  /** The DTO readers get; a deleted comment kept for its replies shows neither text nor author. */
  toDto(comment: StoredComment, liked: boolean, viewer: Viewer): CommentDto {
    const user = viewer.user;
    const answersReply = comment.parentId !== null && comment.replyTo !== null && comment.replyTo !== comment.parentId;
    return {
      id: comment.id,
      targetType: comment.target.type,
      targetId: comment.target.id,
      parentId: comment.parentId,
      replyTo: answersReply ? { id: comment.replyTo!, nickName: comment.replyToNickName ?? '' } : null,
      author: comment.deleted
        ? { userId: null, nickName: '', avatar: '', site: '', admin: false }
        : {
            userId: comment.userId,
            nickName: comment.nickName,
            avatar: comment.avatar,
            site: comment.site,
            admin: comment.admin,
          },
      content: comment.deleted ? '' : comment.content,
      html: comment.deleted ? '' : comment.html,
      status: comment.status,
      deleted: comment.deleted,
      likes: comment.likes,
      liked,
      canDelete: !comment.deleted && user !== null && (user.role === ADMIN_ROLE || comment.userId === user.id),
      createdAt: comment.createdAt,
    };
  }

  /** A public article or shown talk, else 404. */
  async publicTarget(target: CommentTarget): Promise<TargetInfo> {
    const info = await this.comments.target(target);
    if (!info) {
      throw new AppError(
        'notFound',
        commentMessages.targetNotFound(target.type === 'article' ? commentMessages.article : commentMessages.talk),
      );
    }
    return info;
  }

  /** A comment that exists and is not deleted (any status). */
  async existing(rawId: string): Promise<StoredComment> {
    const comment = await this.comments.find(parseId(rawId, commentMessages.comment));
    if (!comment || comment.deleted) throw new AppError('notFound', commentMessages.commentNotFound);
    return comment;
  }

  private async threadPage(
    target: CommentTarget,
    order: CommentOrder,
    cursor: number | undefined,
    viewer: Viewer,
  ): Promise<CommentPageDto> {
    const [info, settings] = await Promise.all([this.publicTarget(target), this.comments.settings()]);
    const rows = await this.comments.threads(target, order, cursor, COMMENT_PAGE_SIZE + 1);
    const threads = rows.slice(0, COMMENT_PAGE_SIZE);
    const replies = await this.comments.firstReplies(
      target,
      threads.filter((t) => t.replyCount > 0).map((t) => t.id),
      FIRST_REPLIES,
    );
    const shown = threads.flatMap((t) => [t, ...(replies.get(t.id) ?? [])]);
    const liked = await this.comments.likedAmong(
      shown.filter((c) => c.likes > 0).map((c) => c.id),
      await this.likerOf(viewer),
    );
    const list: CommentThreadDto[] = threads.map((t) => ({
      ...this.toDto(t, liked.has(t.id), viewer),
      replyCount: t.replyCount,
      replies: (replies.get(t.id) ?? []).map((r) => this.toDto(r, liked.has(r.id), viewer)),
    }));
    return {
      list,
      count: info.commentCount,
      nextCursor: rows.length > COMMENT_PAGE_SIZE ? threads[threads.length - 1]!.id : null,
      visitorsMayComment: settings.visitorsMayComment,
      closed: info.commentsClosed,
    };
  }

  /** A listed comment whose thread is listed and whose target is public: what readers may act on. */
  private async shownComment(rawId: string): Promise<StoredComment> {
    const comment = await this.comments.find(parseId(rawId, commentMessages.comment));
    if (!comment || !isListed(comment)) throw new AppError('notFound', commentMessages.commentNotFound);
    if (comment.parentId !== null) {
      const parent = await this.comments.find(comment.parentId);
      if (!parent || !isListed(parent)) throw new AppError('notFound', commentMessages.commentNotFound);
    }
    await this.publicTarget(comment.target);
    return comment;
  }

  /** The thread a reply to `id` joins: its top-level comment, and the comment answered. */
  private async answerable(id: number, target: CommentTarget): Promise<{ parentId: number; replyTo: number }> {
    const answered = await this.shownComment(String(id));
    if (answered.deleted) throw new AppError('notFound', commentMessages.commentNotFound);
    if (answered.target.type !== target.type || answered.target.id !== target.id) {
      throw new AppError('invalid', commentMessages.replyNotInTarget);
    }
    return { parentId: answered.parentId ?? answered.id, replyTo: answered.id };
  }

  /** At most COMMENT_RATE_LIMIT a minute per user and per address, and never the same text twice in a minute. */
  private async refuseFloods(userId: number | null, addressHash: string, content: string, now: Date): Promise<void> {
    const since = new Date(now.getTime() - COMMENT_WINDOW_MS).toISOString();
    const recent = await this.comments.recentBy({ userId, addressHash }, since);
    const mine = recent.filter((r) => (userId !== null && r.userId === userId) || r.addressHash === addressHash);
    const byUser = userId === null ? 0 : recent.filter((r) => r.userId === userId).length;
    const byAddress = recent.filter((r) => r.addressHash === addressHash).length;
    if (mine.some((r) => r.content === content)) throw new AppError('rateLimited', commentMessages.duplicate);
    if (byUser >= COMMENT_RATE_LIMIT || byAddress >= COMMENT_RATE_LIMIT) {
      throw new AppError('rateLimited', commentMessages.tooFast(COMMENT_RATE_LIMIT));
    }
  }

  private mailReply(userId: number, reply: StoredComment, where: string): void {
    const mail = this.deps.mail;
    if (!mail || reply.replyTo === null) return;
    const send = async () => {
      const settings = await this.comments.emailSettings(userId);
      if (!settings?.notify || settings.email === '') return;
      const answered = await this.comments.find(reply.replyTo!);
      if (!answered) return;
      const origin = mail.siteUrl.replace(/\/+$/, '');
      const token = `${userId}.${await this.unsubscribeSignature(userId, settings.email)}`;
      await mail.mailer.send(
        replyMail({
          siteName: await mail.siteName(),
          to: { email: settings.email, nickName: answered.nickName },
          who: reply.nickName,
          where,
          yours: answered.content,
          reply: reply.content,
          link: `${origin}${commentPath(reply.target.type, reply.target.id, reply.id)}`,
          unsubscribe: `${origin}/api/comment/unsubscribe?token=${token}`,
        }),
      );
    };
    // The comment is stored and answered whatever the mail server does.
    const sent = send()
      .catch((error: unknown) => mail.onError(error))
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Resolves once every reply email under way has been handed to the mail server (or failed). */
  async whenMailSent(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  /** `u:<id>` for a user; for a visitor a daily keyed hash of address and user agent (nothing stored to undo it). */
  private async likerOf(viewer: Viewer): Promise<string> {
    if (viewer.user) return `u:${viewer.user.id}`;
    const day = this.deps.clock.now().toISOString().slice(0, 10);
    return `v:${this.deps.hash.digest(await this.key(), `like|${day}|${viewer.address}|${viewer.userAgent}`).slice(0, 32)}`;
  }

  /** The per-address limit's key: a keyed hash that changes daily, so the address cannot be read back. */
  private async addressHash(address: string, now: Date): Promise<string> {
    return this.deps.hash.digest(await this.key(), `address|${now.toISOString().slice(0, 10)}|${address}`).slice(0, 32);
  }

  private async unsubscribeSignature(userId: number, email: string): Promise<string> {
    return this.deps.hash.digest(await this.key(), `unsubscribe|${userId}|${email}`).slice(0, 32);
  }

  private key(): Promise<string> {
    this.keyPromise ??= this.comments.secret().catch((error: unknown) => {
      this.keyPromise = undefined;
      throw error;
    });
    return this.keyPromise;
  }
}

/** Compares two digests without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
