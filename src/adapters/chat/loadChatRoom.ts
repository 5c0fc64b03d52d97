import type { ChatRoom } from '../../ports/chatRoom';
import { createChatApi } from '../http/chatApi';
import type { HttpClient } from '../http/httpClient';
import { createBrowserChatSocket } from '../websocket/browserChatSocket';
import { createChatRoom, type ChatRoomDeps } from './chatRoom';

/** The entry of the chat chunk: the room wired to the browser's WebSocket and the shared HTTP client. */
export function loadBrowserChatRoom(deps: Omit<ChatRoomDeps, 'socket' | 'api'> & { http: HttpClient }): ChatRoom {
  return createChatRoom({ ...deps, socket: createBrowserChatSocket(), api: createChatApi(deps.http) });
}
