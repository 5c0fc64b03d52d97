import { CHAT_SOCKET_PATH } from '../../protocol/chat';
import type { ChatSocket } from '../../ports/chatSocket';
import { parseServerFrame, toServer } from './chatWire';

/** Close code reported when the socket could not be created at all. */
const ABNORMAL = 1006;

/** The socket URL on the page's own host: wss on https pages, ws otherwise. */
export function chatSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_SOCKET_PATH}`;
}

/** The browser's WebSocket behind the ChatSocket port. The session cookie rides on the upgrade. */
export function createBrowserChatSocket(url: () => string = () => chatSocketUrl(window.location)): ChatSocket {
  return {
    open(listener) {
      let done = false;
      let socket: WebSocket;
      try {
        socket = new WebSocket(url());
      } catch {
        queueMicrotask(() => listener.closed(ABNORMAL));
        return { send: () => undefined, close: () => undefined };
      }
      socket.addEventListener('open', () => {
        if (!done) listener.opened();
      });
      socket.addEventListener('message', (event: MessageEvent<unknown>) => {
        if (done || typeof event.data !== 'string') return;
        const frame = parseServerFrame(event.data);
        if (frame) listener.frame(frame);
      });
      socket.addEventListener('close', (event) => {
        if (done) return;
        done = true;
        listener.closed(event.code);
      });
      return {
        send(frame) {
          if (!done && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(toServer(frame)));
        },
        close() {
          done = true;
          if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) socket.close(1000);
        },
      };
    },
  };
}
