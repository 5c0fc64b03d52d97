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
  createdAt: string;
  updatedAt: string;
}

export const MESSAGE_COLOR = /^#[0-9a-fA-F]{6}$/;
