import type {
  ChatBanDto,
  ChatMuteBody,
  ChatPersonDto,
  ChatSearchQuery,
  ConsoleChatPageDto,
} from '../../../src/protocol/console/moderation';
import type { ChatRepository } from '../../ports/chatRepository';
import type { Clock } from '../../ports/clock';
import type { CurrentUser } from '../accounts/currentUser';
import type { ChatActor, ChatBanEntry } from '../chat/chatMessage';
import type { ChatService } from '../chat/chatService';
import { chatMessages } from '../chat/messages';
import { ChatRefusal } from '../chat/refusal';
import { AppError } from '../errors';
import { moderationMessages } from './messages';

export interface ChatModerationDeps {
  /** The room's rules: every change goes through them, so the room hears of it as from the room itself. */
  chat: ChatService;
  /** The history and bans, read for the console. */
  messages: Pick<ChatRepository, 'search' | 'activeBans'>;
  clock: Clock;
}

const actorOf = (user: CurrentUser): ChatActor => ({ id: user.id, nickName: user.nickName, avatar: user.avatar, role: user.role });

const banDto = (ban: ChatBanEntry): ChatBanDto => ({
  userId: ban.userId,
  username: ban.username,
  nickName: ban.nickName,
  avatar: ban.avatar,
  reason: ban.reason,
  until: ban.until,
});

/** An ISO-8601 time with its offset (what `Date.toISOString` and the console's picker send). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The chat room from the console: its history searched and pruned, its mutes, kicks and bans. Deleting,
 * muting and kicking are the room's own revert, mute and kick (ChatService), so connected readers on every
 * instance see them at once, exactly as when done from the room.
 */
export class ChatModerationService {
  constructor(private readonly deps: ChatModerationDeps) {}

  async search(query: ChatSearchQuery): Promise<ConsoleChatPageDto> {
    const user = query.user?.trim();
    const text = query.text?.trim();
    const { items, total } = await this.deps.messages.search({
      ...(query.userId !== undefined ? { userId: query.userId } : {}),
      ...(user ? { user } : {}),
      ...(text ? { text } : {}),
      offset: (query.current - 1) * query.size,
      limit: query.size,
    });
    return {
      list: items.map((m) => ({
        id: m.id,
        userId: m.userId,
        username: m.username,
        nickName: m.nickName,
        avatar: m.avatar,
        content: m.content,
        contentType: m.contentType,
        createdAt: m.createdAt,
      })),
      total,
      current: query.current,
      size: query.size,
    };
  }

  /** Gone from the history and from every reader's room (the room's revert, which an administrator may always do). */
  remove(admin: CurrentUser, messageId: number): Promise<void> {
    return this.deps.chat.revert(actorOf(admin), messageId);
  }

  async online(): Promise<ChatPersonDto[]> {
    return (await this.deps.chat.online()).map((u) => ({ userId: u.userId, nickName: u.nickName, avatar: u.avatar }));
  }

  async bans(): Promise<ChatBanDto[]> {
    return (await this.deps.messages.activeBans(this.deps.clock.now().toISOString())).map(banDto);
  }

  /** A mute for one of the presets' lengths, or until a chosen time; answers the ban now in force. */
  async mute(admin: CurrentUser, userId: number, body: ChatMuteBody): Promise<ChatBanDto> {
    const actor = actorOf(admin);
    if ((body.minutes === undefined) === (body.until === undefined)) throw new AppError('invalid', moderationMessages.muteChoice);
    if (body.minutes !== undefined) {
      await this.deps.chat.mute(actor, userId, body.minutes);
    } else {
      const until = body.until ?? '';
      if (!ISO_TIME.test(until) || Number.isNaN(Date.parse(until))) throw new AppError('invalid', moderationMessages.muteTime);
      await this.deps.chat.muteUntil(actor, userId, new Date(until));
    }
    return this.banOf(userId);
  }

  /** Lifts a mute or a kick's ban (the room is told). */
  unmute(admin: CurrentUser, userId: number): Promise<void> {
    return this.deps.chat.mute(actorOf(admin), userId, 0);
  }

  /** Closes the user's sockets on every instance and bars them from sending for ten minutes. */
  kick(admin: CurrentUser, userId: number): Promise<void> {
    return this.deps.chat.kick(actorOf(admin), userId);
  }

  private async banOf(userId: number): Promise<ChatBanDto> {
    const ban = (await this.deps.messages.activeBans(this.deps.clock.now().toISOString())).find((b) => b.userId === userId);
    // Set a moment ago: only a ban that ended in between (or a user deleted meanwhile) is missing.
    if (!ban) throw new ChatRefusal('notFound', 'not_found', chatMessages.userNotFound);
    return banDto(ban);
  }
}
