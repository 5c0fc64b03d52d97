import type { BoardMessage, BoardReply } from '../content/board';

/** A message-board post as the console sees it: hidden ones too, counted with every reply. */
export interface ModeratedPost extends Omit<BoardMessage, 'liked'> {
  hidden: boolean;
}

/** A reply as the console sees it, hidden or not. */
export interface ModeratedReply extends BoardReply {
  hidden: boolean;
}

/** The console's board search: part of the text or of the author's name, and whether hidden. */
export interface BoardSearch {
  keyword?: string;
  hidden?: boolean;
  offset: number;
  limit: number;
}
