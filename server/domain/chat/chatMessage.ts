import type { ChatContentType } from '../../../src/protocol/chat';

export type { ChatContentType };

/** A stored chat message with its author's current name and avatar. */
export interface ChatMessage {
  id: number;
  userId: number;
  nickName: string;
  avatar: string;
  content: string;
  contentType: ChatContentType;
  /** The client's id for this send, unique per user. */
  clientId: string;
  /** ISO-8601. */
  createdAt: string;
}

/** Who acts in the room: a signed-in user (visitors never reach the service's write paths). */
export interface ChatActor {
  id: number;
  nickName: string;
  avatar: string;
  role: number;
}

export interface OnlineUser {
  userId: number;
  nickName: string;
  avatar: string;
}

/** Why a user may not send: a kick's ban or an administrator's mute, until a time (ISO-8601). */
export interface ChatBan {
  userId: number;
  until: string;
  reason: 'kick' | 'mute';
}

/** A stored message as the console's history search shows it: with its author's username. */
export interface ChatHistoryEntry extends ChatMessage {
  username: string;
}

/** The console's history search: by author (one account, or a username or nickname) and by text, each optional. */
export interface ChatSearch {
  userId?: number;
  user?: string;
  text?: string;
  offset: number;
  limit: number;
}

/** A ban in force, with the user it holds. */
export interface ChatBanEntry extends ChatBan {
  username: string;
  nickName: string;
  avatar: string;
}
