/**
 * The console's moderation as the browser sees it: the chat room's history, people and bans, and the message
 * board's posts and replies, with the rules a form checks before anything is sent.
 */

export interface ChatHistoryItem {
  id: number;
  userId: number;
  username: string;
  nickName: string;
  avatar: string;
  /** The text, or an image message's address. */
  content: string;
  contentType: 'text' | 'image';
  /** ISO-8601. */
  createdAt: string;
}

/** Someone in the room (or a message's author): whom a mute or a kick is for. */
export interface ChatPerson {
  userId: number;
  nickName: string;
  avatar: string;
}

export interface ChatBanItem extends ChatPerson {
  username: string;
  /** 'mute': an administrator's mute; 'kick': the ten minutes after a kick. */
  reason: 'mute' | 'kick';
  /** ISO-8601: the user may send again from then on. */
  until: string;
}

export interface ChatHistoryQuery {
  /** Part of a username or nickname. */
  user: string;
  /** Part of a text message. */
  text: string;
  /** Only this author's messages (只看 TA), or null. */
  author: ChatPerson | null;
}

export type BoardStatusFilter = 'all' | 'visible' | 'hidden';

export interface BoardQuery {
  /** Part of the text or the author's name. */
  keyword: string;
  status: BoardStatusFilter;
}

export interface BoardAuthor {
  /** Null for a post signed only with a nickname. */
  userId: number | null;
  nickName: string;
  avatar: string;
}

export interface BoardPostItem {
  id: number;
  content: string;
  color: string;
  bgImage: string;
  author: BoardAuthor;
  likes: number;
  /** Every reply, hidden ones included. */
  replyCount: number;
  hidden: boolean;
  createdAt: string;
}

export interface BoardReplyItem {
  id: number;
  messageId: number;
  content: string;
  author: BoardAuthor;
  hidden: boolean;
  createdAt: string;
}

export interface ListPage<T> {
  list: T[];
  total: number;
}

/** A mute: one of the presets' lengths, or until a chosen time (ISO-8601). */
export type MuteLength = { minutes: number } | { until: string };

/** The presets the room and the console offer alike. */
export { MUTE_PRESETS } from '../../chat/chat';

/** A chosen end lies this far ahead at most (the server's rule). */
export const MUTE_MAX_DAYS = 30;

export type MuteTimeProblem = 'invalid' | 'past' | 'tooLong';

/** Whether a chosen end (epoch ms; NaN for an unreadable one) may be sent now, and if not why. */
export function checkMuteUntil(untilMs: number, nowMs: number): MuteTimeProblem | null {
  if (!Number.isFinite(untilMs)) return 'invalid';
  if (untilMs <= nowMs) return 'past';
  if (untilMs - nowMs > MUTE_MAX_DAYS * 86_400_000) return 'tooLong';
  return null;
}

/** Rows a console page asks for. */
export const MODERATION_PAGE_SIZE = 20;
