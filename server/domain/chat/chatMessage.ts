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
