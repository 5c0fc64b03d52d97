import type { ChatHub } from '../../ports/chatHub';
import type { ChatRepository } from '../../ports/chatRepository';
import type { Clock } from '../../ports/clock';
import type { UserRepository } from '../../ports/userRepository';
import type { ChatActor, ChatBan, ChatContentType, ChatMessage, OnlineUser } from './chatMessage';
import { MemoryChatLimits } from './limits';
import type { ChatLimits } from '../../ports/chatLimits';
import { chatMessages } from './messages';
import { CHAT_POLICY } from './policy';
import { ChatRefusal } from './refusal';
import { checkContent, checkNotBanned, checkRevert, minutesLeft, requireAdministrator } from './rules';

export interface ChatDeps {
  messages: ChatRepository;
  hub: ChatHub;
  users: Pick<UserRepository, 'findById'>;
  clock: Clock;
  /** Send limits shared by every instance (Redis); by default this process counts alone. */
  limits?: ChatLimits;
}

export interface SendInput {
  content: string;
  contentType: ChatContentType;
  clientId: string;
}

export interface SendResult {
  message: ChatMessage;
  /** The client id was already stored: acknowledged again, not broadcast again. */
  duplicate: boolean;
}

/** What a (re)connecting client gets: the recent page, or what it missed since `lastId`. */
export interface Catchup {
  mode: 'recent' | 'missed';
  /** Oldest first. */
  list: ChatMessage[];
  reverted: number[];
  hasMore: boolean;
}

/**
 * The chat room's rules: who may send, revert, clear, kick and mute, and the limits of a send. Rate and
 * duplicate limits are counted by `limits` (across instances with Redis); bans live in the database so every
 * instance enforces them.
 */
export class ChatService {
  private readonly limits: ChatLimits;
  /** Sends being stored, by user and client id: a second frame with the same id waits for the first. */
  private readonly inFlight = new Map<string, Promise<SendResult>>();

  constructor(private readonly deps: ChatDeps) {
    this.limits = deps.limits ?? new MemoryChatLimits();
  }

  async send(actor: ChatActor, input: SendInput): Promise<SendResult> {
    const key = `${actor.id}\u0000${input.clientId}`;
    const pending = this.inFlight.get(key);
    if (pending) return { ...(await pending), duplicate: true };
    const work = this.store(actor, input);
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  private async store(actor: ChatActor, input: SendInput): Promise<SendResult> {
    const content = checkContent(input.content, input.contentType);
    const { messages, clock } = this.deps;
    const existing = await messages.findByClientId(actor.id, input.clientId);
    if (existing) return { message: existing, duplicate: true };
    checkNotBanned(await messages.ban(actor.id), clock.now());

    const now = clock.now();
    const nowMs = now.getTime();
    const admission = await this.limits.admit(actor.id, content, nowMs);
    if (admission === 'duplicate') throw new ChatRefusal('rateLimited', 'duplicate', chatMessages.duplicate);
    if (admission === 'rate_limited') throw new ChatRefusal('rateLimited', 'rate_limited', chatMessages.rateLimited);

    const stored = await messages.insert({
      userId: actor.id,
      content,
      contentType: input.contentType,
      clientId: input.clientId,
      createdAt: now.toISOString(),
    });
    if (!stored.duplicate) await this.deps.hub.publish({ type: 'message', message: stored.message });
    return stored;
  }

  /** The author within two minutes, an administrator always; broadcast to the room either way. */
  async revert(actor: ChatActor, messageId: number): Promise<void> {
    const { messages, clock, hub } = this.deps;
    const message = await messages.findById(messageId);
    if (!message) throw new ChatRefusal('notFound', 'not_found', chatMessages.messageNotFound);
    const now = clock.now();
    checkRevert(actor, message, now);
    if (!(await messages.revert(messageId, now.toISOString()))) {
      throw new ChatRefusal('notFound', 'not_found', chatMessages.messageNotFound);
    }
    await hub.publish({ type: 'revert', messageId });
  }

  async clear(actor: ChatActor): Promise<void> {
    requireAdministrator(actor);
    await this.deps.messages.clear(actor.id, this.deps.clock.now().toISOString());
    await this.deps.hub.publish({ type: 'clear' });
  }

  /** Closes the target's sockets on every instance and bars them from sending for ten minutes. */
  async kick(actor: ChatActor, targetId: number): Promise<void> {
    const target = await this.target(actor, targetId);
    const until = new Date(this.deps.clock.now().getTime() + CHAT_POLICY.kickBanMs).toISOString();
    await this.deps.messages.setBan({ userId: targetId, until, reason: 'kick' });
    await this.deps.hub.publish({ type: 'kick', userId: targetId, nickName: target.nickName });
  }

  /** Mutes the target for `minutes`; 0 lifts a mute (or a kick's ban). */
  async mute(actor: ChatActor, targetId: number, minutes: number): Promise<void> {
    const target = await this.target(actor, targetId);
    if (minutes <= 0) {
      await this.deps.messages.liftBan(targetId);
      await this.deps.hub.publish({ type: 'notice', reason: 'user_unmuted', content: chatMessages.userUnmuted(target.nickName) });
      return;
    }
    const capped = Math.min(minutes, CHAT_POLICY.maxMuteMinutes);
    await this.setMute(target, new Date(this.deps.clock.now().getTime() + capped * 60_000));
  }

  /** The console's mute until a chosen time: in the future, at most CHAT_POLICY.maxChosenMuteMs away. */
  async muteUntil(actor: ChatActor, targetId: number, until: Date): Promise<void> {
    const target = await this.target(actor, targetId);
    const left = until.getTime() - this.deps.clock.now().getTime();
    if (!Number.isFinite(left) || left <= 0) throw new ChatRefusal('invalid', 'forbidden', chatMessages.muteInPast);
    if (left > CHAT_POLICY.maxChosenMuteMs) {
      throw new ChatRefusal('invalid', 'forbidden', chatMessages.muteTooLong(CHAT_POLICY.maxChosenMuteMs / 86_400_000));
    }
    await this.setMute(target, until);
  }

  /** Records the mute and tells the room (the muted user included) for how long. */
  private async setMute(target: { id: number; nickName: string }, until: Date): Promise<void> {
    await this.deps.messages.setBan({ userId: target.id, until: until.toISOString(), reason: 'mute' });
    const minutes = minutesLeft({ until: until.toISOString() }, this.deps.clock.now());
    await this.deps.hub.publish({ type: 'notice', reason: 'user_muted', content: chatMessages.userMuted(target.nickName, minutes) });
  }

  /**
   * Closes the user's sockets on every instance without a word to the room: their sessions just ended.
   * With `sessionIds`, only the sockets opened by those sessions (the user's other sessions stay in).
   */
  async signOut(userId: number, sessionIds?: number[]): Promise<void> {
    await this.deps.hub.publish({ type: 'signOut', userId, ...(sessionIds ? { sessionIds } : {}) });
  }

  /** The user's sockets, on every instance, act with their new role from now on. */
  async roleChanged(userId: number, role: number): Promise<void> {
    await this.deps.hub.publish({ type: 'role', userId, role });
  }

  /** Who is in the room now, on every instance. */
  online(): Promise<OnlineUser[]> {
    return this.deps.hub.onlineUsers();
  }

  /** The user's ban in force now, if any. */
  async activeBan(userId: number): Promise<ChatBan | undefined> {
    const ban = await this.deps.messages.ban(userId);
    return ban && Date.parse(ban.until) > this.deps.clock.now().getTime() ? ban : undefined;
  }

  /** getChatList: newest first. */
  history(size: number, beforeId?: number): Promise<ChatMessage[]> {
    return this.deps.messages.page(size, beforeId && beforeId > 0 ? beforeId : undefined);
  }

  /**
   * The init answer. With a last seen id the client gets the messages after it and the ids reverted at or
   * below it; after a clear that removed what it holds, or when it missed too much, the recent page instead.
   */
  async catchUp(lastId: number | undefined): Promise<Catchup> {
    const { messages } = this.deps;
    if (lastId !== undefined && lastId > 0 && lastId > (await messages.clearedThroughId())) {
      const missed = await messages.after(lastId, CHAT_POLICY.maxReplay + 1);
      if (missed.length <= CHAT_POLICY.maxReplay) {
        const reverted = await messages.revertedAtOrBelow(lastId, CHAT_POLICY.maxRevertedReplay);
        return { mode: 'missed', list: missed, reverted, hasMore: false };
      }
    }
    const page = await messages.page(CHAT_POLICY.recentPageSize + 1);
    return {
      mode: 'recent',
      list: page.slice(0, CHAT_POLICY.recentPageSize).reverse(),
      reverted: [],
      hasMore: page.length > CHAT_POLICY.recentPageSize,
    };
  }

  private async target(actor: ChatActor, targetId: number) {
    requireAdministrator(actor);
    if (targetId === actor.id) throw new ChatRefusal('invalid', 'forbidden', chatMessages.cannotTargetSelf);
    const target = await this.deps.users.findById(targetId);
    if (!target) throw new ChatRefusal('notFound', 'not_found', chatMessages.userNotFound);
    return target;
  }
}
