import type { ChatInbound, ChatOutbound } from '../domain/chat/chat';

/** What a socket tells whoever opened it. After `closed` nothing more arrives. */
export interface ChatSocketListener {
  opened(): void;
  frame(frame: ChatInbound): void;
  /** The socket closed (or never opened); `code` is the WebSocket close code (4001: kicked). */
  closed(code: number): void;
}

export interface ChatSocketLink {
  /** Sends a frame; silently dropped unless the socket is open. */
  send(frame: ChatOutbound): void;
  /** Closes the socket; no listener call follows. */
  close(): void;
}

/** The chat room's persistent connection (`/ws/` on the site's own host). */
export interface ChatSocket {
  open(listener: ChatSocketListener): ChatSocketLink;
}
