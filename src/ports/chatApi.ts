import type { ChatMessage, PickedImage } from '../domain/chat/chat';

/** The chat room's REST calls (spec section 7). */
export interface ChatApi {
  /** Up to `size` messages older than `lastId` (the newest when null), oldest first. */
  history(size: number, lastId: number | null): Promise<ChatMessage[]>;
  revert(id: number): Promise<void>;
  /** Administrator: empties the room. */
  clear(): Promise<void>;
  /** Compresses above 800 KB, uploads, and returns the image's URL. */
  uploadImage(image: PickedImage): Promise<string>;
}
