import type { ActorRefFrom } from 'xstate';
import type { chatConnectionMachine } from '../domain/chat/chatConnection.machine';
import type { chatRoomMachine } from '../domain/chat/chatRoom.machine';

/** The chat room as views see it: two actors, created on first use and kept for the visit. */
export interface ChatRoom {
  connection: ActorRefFrom<typeof chatConnectionMachine>;
  room: ActorRefFrom<typeof chatRoomMachine>;
  /** A view shows the room: the socket stays open while at least one does. Returns the release. */
  attach(): () => void;
}

/** Fetches the chat code on first call (a separate chunk) and resolves the one room of the visit. */
export interface ChatRoomLoader {
  (): Promise<ChatRoom>;
  /**
   * Fetches the chat code without creating the room (an idle moment before the first open). Resolves
   * once the code is in or its fetch failed (the next use retries); never rejects.
   */
  preload(): Promise<void>;
}
