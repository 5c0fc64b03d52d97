import { ADMIN_ROLE } from '../accounts/currentUser';
import type { ChatActor, ChatBan, ChatContentType, ChatMessage } from './chatMessage';
import { chatMessages } from './messages';
import { CHAT_POLICY, OWN_IMAGE_URL } from './policy';
import { ChatRefusal } from './refusal';

/** Characters as a reader counts them: code points, so an emoji is one. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Throws the refusal a send breaks (empty, too long, foreign image), or returns the content to store. */
export function checkContent(content: string, contentType: ChatContentType): string {
  if (contentType === 'image') {
    const url = content.trim();
    if (!OWN_IMAGE_URL.test(url)) throw new ChatRefusal('invalid', 'invalid_image', chatMessages.invalidImage);
    return url;
  }
  if (content.trim() === '') throw new ChatRefusal('invalid', 'empty', chatMessages.empty);
  if (characterCount(content) > CHAT_POLICY.maxTextLength) {
    throw new ChatRefusal('invalid', 'too_long', chatMessages.tooLong(CHAT_POLICY.maxTextLength));
  }
  return content;
}

export function isAdministrator(actor: Pick<ChatActor, 'role'>): boolean {
  return actor.role === ADMIN_ROLE;
}

/** Revert policy: an administrator always; the author within two minutes of sending; nobody else. */
export function checkRevert(actor: ChatActor, message: Pick<ChatMessage, 'userId' | 'createdAt'>, now: Date): void {
  if (isAdministrator(actor)) return;
  if (message.userId !== actor.id) throw new ChatRefusal('forbidden', 'forbidden', chatMessages.revertForbidden);
  if (now.getTime() - Date.parse(message.createdAt) > CHAT_POLICY.revertWindowMs) {
    throw new ChatRefusal('forbidden', 'forbidden', chatMessages.revertExpired);
  }
}

export function requireAdministrator(actor: ChatActor): void {
  if (!isAdministrator(actor)) throw new ChatRefusal('forbidden', 'forbidden', chatMessages.adminOnly);
}

/** Whole minutes left of a ban, at least 1 while it lasts. */
export function minutesLeft(ban: Pick<ChatBan, 'until'>, now: Date): number {
  return Math.max(1, Math.ceil((Date.parse(ban.until) - now.getTime()) / 60_000));
}

/** Throws when a ban is in force at `now`. */
export function checkNotBanned(ban: ChatBan | undefined, now: Date): void {
  if (!ban || Date.parse(ban.until) <= now.getTime()) return;
  const minutes = minutesLeft(ban, now);
  throw new ChatRefusal('forbidden', 'muted', ban.reason === 'kick' ? chatMessages.kickedBan(minutes) : chatMessages.muted(minutes));
}
