/** A message-board post as stored; the author's current name and avatar come from the account when there is one. */
export interface BoardMessage {
  id: number;
  content: string;
  color: string;
  bgImage: string;
  userId: number | null;
  nickName: string;
  avatar: string;
  likes: number;
  liked: boolean;
  replyCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A reply under a post, with its author's current name and avatar. */
export interface BoardReply {
  id: number;
  messageId: number;
  content: string;
  userId: number;
  nickName: string;
  avatar: string;
  createdAt: string;
}

export const MESSAGE_COLOR = /^#[0-9a-fA-F]{6}$/;
