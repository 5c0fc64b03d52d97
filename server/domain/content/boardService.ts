import {
  MAX_MESSAGE_LENGTH,
  MAX_REPLY_LENGTH,
  type MessageDto,
  type MessageLikeDto,
  type MessagePageDto,
  type MessagePublishBody,
  type MessageReplyBody,
  type MessageReplyDto,
} from '../../../src/protocol/content';
import type { Clock } from '../../ports/clock';
import type { MessageRepository } from '../../ports/messageRepository';
import type { NotificationPublisher } from '../../ports/notificationPublisher';
import { ignoreChanges, type ChangeNotifier } from '../../ports/readCache';
import { ADMIN_ROLE, type CurrentUser } from '../accounts/currentUser';
import { AppError } from '../errors';
import { MESSAGE_COLOR, type BoardMessage, type BoardReply } from './board';
import { escapeHtml } from './html';
import { offsetOf, parseId, type PageRequest } from './input';
import { contentMessages } from './messages';
import { isImageAddress } from './showcase';
import { excerpt } from './showcaseService';

const toDto = (message: BoardMessage): MessageDto => ({
  id: message.id,
  content: message.content,
  color: message.color,
  bgImage: message.bgImage,
  author: { userId: message.userId, nickName: message.nickName, avatar: message.avatar },
  likes: message.likes,
  liked: message.liked,
  replyCount: message.replyCount,
  createdAt: message.createdAt,
  updatedAt: message.updatedAt,
});

const toReplyDto = (reply: BoardReply): MessageReplyDto => ({
  id: reply.id,
  messageId: reply.messageId,
  content: reply.content,
  author: { userId: reply.userId, nickName: reply.nickName, avatar: reply.avatar },
  createdAt: reply.createdAt,
});

function checked(body: MessagePublishBody): MessagePublishBody {
  const content = body.content.trim();
  if (content === '') throw new AppError('invalid', contentMessages.messageEmpty);
  if (Array.from(content).length > MAX_MESSAGE_LENGTH) {
    throw new AppError('invalid', contentMessages.messageTooLong(MAX_MESSAGE_LENGTH));
  }
  if (body.color !== '' && !MESSAGE_COLOR.test(body.color)) throw new AppError('invalid', contentMessages.invalidColor);
  if (body.bgImage !== '' && !isImageAddress(body.bgImage)) throw new AppError('invalid', contentMessages.invalidBackground);
  return { content, color: body.color.toLowerCase(), bgImage: body.bgImage };
}

function checkedReply(body: MessageReplyBody): string {
  const content = body.content.trim();
  if (content === '') throw new AppError('invalid', contentMessages.replyEmpty);
  if (Array.from(content).length > MAX_REPLY_LENGTH) throw new AppError('invalid', contentMessages.replyTooLong(MAX_REPLY_LENGTH));
  return content;
}

/**
 * The message board: anyone reads; signed-in users publish, like and reply; authors and the administrator
 * edit and delete posts; a reply goes by its author, the post's author or the administrator.
 */
export class BoardService {
  constructor(
    private readonly messages: MessageRepository,
    private readonly notifications: NotificationPublisher,
    private readonly clock: Clock,
    private readonly changes: ChangeNotifier = ignoreChanges,
  ) {}

  async list(page: PageRequest, userId: number | undefined, viewer: CurrentUser | null): Promise<MessagePageDto> {
    const { items, total } = await this.messages.list(
      { offset: offsetOf(page), limit: page.size, ...(userId === undefined ? {} : { userId }) },
      viewer?.id ?? null,
    );
    return { list: items.map(toDto), total, ...page };
  }

  async get(rawId: string, viewer: CurrentUser | null): Promise<MessageDto> {
    return toDto(await this.existing(parseId(rawId, contentMessages.message), viewer));
  }

  async publish(user: CurrentUser, body: MessagePublishBody): Promise<MessageDto> {
    const input = checked(body);
    const id = await this.messages.add({
      ...input,
      userId: user.id,
      nickName: user.nickName,
      avatar: user.avatar,
      likes: 0,
      createdAt: this.clock.now().toISOString(),
    });
    this.changes.changed(['board']);
    return toDto(await this.existing(id, user));
  }

  async edit(user: CurrentUser, rawId: string, body: MessagePublishBody): Promise<MessageDto> {
    const id = parseId(rawId, contentMessages.message);
    this.mayChange(user, await this.existing(id, user));
    await this.messages.update(id, { ...checked(body), updatedAt: this.clock.now().toISOString() });
    this.changes.changed(['board']);
    return toDto(await this.existing(id, user));
  }

  async remove(user: CurrentUser, rawId: string): Promise<void> {
    const id = parseId(rawId, contentMessages.message);
    this.mayChange(user, await this.existing(id, user));
    await this.messages.remove(id);
    this.changes.changed(['board']);
  }

  /** Toggles the reader's like; a new like on someone else's post tells its author (type 3). */
  async like(user: CurrentUser, rawId: string): Promise<MessageLikeDto> {
    const id = parseId(rawId, contentMessages.message);
    const message = await this.existing(id, user);
    const result = await this.messages.toggleLike(id, user.id);
    if (!result) throw new AppError('notFound', contentMessages.messageNotFound);
    this.changes.changed(['board']);
    if (result.liked && message.userId !== null && message.userId !== user.id) {
      await this.notifications.toUser(message.userId, {
        type: 3,
        message: contentMessages.notify.messageLiked(escapeHtml(user.nickName), escapeHtml(excerpt(message.content))),
        toId: id,
      });
    }
    return result;
  }

  async replies(rawId: string): Promise<MessageReplyDto[]> {
    const id = parseId(rawId, contentMessages.message);
    await this.existing(id, null);
    return (await this.messages.replies(id)).map(toReplyDto);
  }

  /** A reply by someone other than the post's author tells that author (type 3). */
  async reply(user: CurrentUser, rawId: string, body: MessageReplyBody): Promise<MessageReplyDto> {
    const id = parseId(rawId, contentMessages.message);
    const content = checkedReply(body);
    const message = await this.existing(id, user);
    const reply = { messageId: id, userId: user.id, content, createdAt: this.clock.now().toISOString() };
    const replyId = await this.messages.addReply(reply);
    if (replyId === undefined) throw new AppError('notFound', contentMessages.messageNotFound);
    this.changes.changed(['board']);
    if (message.userId !== null && message.userId !== user.id) {
      await this.notifications.toUser(message.userId, {
        type: 3,
        message: contentMessages.notify.messageReplied(
          escapeHtml(user.nickName),
          escapeHtml(excerpt(message.content)),
          escapeHtml(excerpt(content)),
        ),
        toId: id,
      });
    }
    return toReplyDto({ ...reply, id: replyId, nickName: user.nickName, avatar: user.avatar });
  }

  async removeReply(user: CurrentUser, rawReplyId: string): Promise<void> {
    const id = parseId(rawReplyId, contentMessages.reply);
    const reply = await this.messages.findReply(id);
    if (!reply) throw new AppError('notFound', contentMessages.replyNotFound);
    if (user.role !== ADMIN_ROLE && reply.userId !== user.id) {
      const message = await this.messages.find(reply.messageId, null);
      if (message?.userId !== user.id) throw new AppError('forbidden', contentMessages.notReplyManager);
    }
    await this.messages.removeReply(id);
    this.changes.changed(['board']);
  }

  private async existing(id: number, viewer: CurrentUser | null): Promise<BoardMessage> {
    const message = await this.messages.find(id, viewer?.id ?? null);
    if (!message) throw new AppError('notFound', contentMessages.messageNotFound);
    return message;
  }

  private mayChange(user: CurrentUser, message: BoardMessage): void {
    if (user.role !== ADMIN_ROLE && message.userId !== user.id) {
      throw new AppError('forbidden', contentMessages.notMessageOwner);
    }
  }
}
