import { createActor, fromCallback, fromPromise } from 'xstate';
import { tabPrefix, CHAT_MAX_TEXT } from '../../domain/chat/chat';
import { chatConnectionMachine, type SocketCommand } from '../../domain/chat/chatConnection.machine';
import { chatRoomMachine, type ChatRoomNotice } from '../../domain/chat/chatRoom.machine';
import type { Clock, Random } from '../../ports/browser';
import type { ChatApi } from '../../ports/chatApi';
import type { ChatRoom } from '../../ports/chatRoom';
import type { ChatSocket } from '../../ports/chatSocket';
import type { Notice, Notifier } from '../../ports/notifier';
import * as zhCN from '../../i18n/zh-CN';

/** Spec 9: chat and revert toasts stay 3 s. */
const CHAT_TOAST_MS = 3000;

/** The part of the session actor the room follows: who is signed in. */
export interface SessionSource {
  getSnapshot(): { context: { user: { id: number } | null } };
  subscribe(listener: (snapshot: { context: { user: { id: number } | null } }) => void): { unsubscribe(): void };
}

export interface ChatRoomDeps {
  socket: ChatSocket;
  api: ChatApi;
  notifier: Notifier;
  clock: Clock;
  random: Random;
  session?: SessionSource;
}

/** The ChatSocket port as the connection machine's `openSocket` actor: one socket per invocation. */
export function socketActor(socket: ChatSocket) {
  return fromCallback<SocketCommand>(({ sendBack, receive }) => {
    const link = socket.open({
      opened: () => sendBack({ type: 'socket.opened' }),
      frame: (frame) => sendBack({ type: 'socket.frame', frame }),
      closed: (code) => sendBack({ type: 'socket.closed', code }),
    });
    receive((command) => link.send(command.frame));
    return () => link.close();
  });
}

const text = zhCN.chat;

function noticeFor(notice: ChatRoomNotice): Notice {
  const toast = (level: Notice['level'], message: string): Notice => ({ level, message, durationMs: CHAT_TOAST_MS });
  switch (notice.kind) {
    case 'refused':
      if (notice.reason === 'login_required') return toast('warning', text.loginRequired);
      if (notice.reason === 'empty') return toast('warning', text.empty);
      return toast('warning', text.tooLong(CHAT_MAX_TEXT));
    case 'tip':
      return toast(['kicked', 'user_muted', 'user_unmuted'].includes(notice.code) ? 'info' : 'warning', notice.content);
    case 'imageFailed':
      return toast('error', text.imageFailed);
    case 'reverted':
      return toast('success', text.reverted);
    case 'cleared':
      return toast('success', text.cleared);
    case 'actionFailed':
      return toast('error', notice.message);
  }
}

/**
 * The chat room of the visit: the room machine (what is shown) and the connection machine (the socket),
 * joined here: frames flow to the room, the room's sends flow to the connection, notices become toasts,
 * and a sign-in or sign-out reconnects as the new reader.
 */
export function createChatRoom(deps: ChatRoomDeps): ChatRoom {
  const connection = createActor(chatConnectionMachine.provide({ actors: { openSocket: socketActor(deps.socket) } }), {
    input: {},
  });
  const room = createActor(
    chatRoomMachine.provide({
      actors: {
        fetchHistory: fromPromise(({ input }) => deps.api.history(input.size, input.lastId)),
        uploadImage: fromPromise(({ input }) => deps.api.uploadImage(input.image)),
        revertMessage: fromPromise(({ input }) => deps.api.revert(input.id)),
        clearHistory: fromPromise(() => deps.api.clear()),
      },
    }),
    { input: { prefix: tabPrefix(deps.clock.now(), (max) => deps.random.int(max)) } },
  );

  connection.on('frame', ({ frame }) => room.send({ type: 'frame.received', frame }));
  connection.on('sends.dropped', ({ clientIds }) => room.send({ type: 'sends.dropped', clientIds }));
  connection.on('connection.lost', () =>
    deps.notifier.notify({ level: 'error', message: text.connectionLost, durationMs: CHAT_TOAST_MS }),
  );
  connection.on('connection.failed', () =>
    deps.notifier.notify({ level: 'error', message: text.connectionFailed, durationMs: CHAT_TOAST_MS }),
  );
  connection.on('admin.dropped', () =>
    deps.notifier.notify({ level: 'warning', message: text.notConnected, durationMs: CHAT_TOAST_MS }),
  );
  room.on('outbound', ({ frame }) => {
    if (frame.kind === 'message') connection.send({ type: 'message.send', send: frame });
    else if (frame.kind === 'offline' || frame.kind === 'mute') connection.send({ type: 'admin.send', frame });
  });
  room.on('notice', ({ notice }) => deps.notifier.notify(noticeFor(notice)));

  connection.start();
  room.start();

  if (deps.session) {
    let userId = deps.session.getSnapshot().context.user?.id ?? null;
    deps.session.subscribe((snapshot) => {
      const next = snapshot.context.user?.id ?? null;
      if (next === userId) return;
      userId = next;
      connection.send({ type: 'session.changed' });
    });
  }

  let views = 0;
  return {
    connection,
    room,
    attach() {
      views += 1;
      if (views === 1) connection.send({ type: 'room.open' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        views -= 1;
        if (views === 0) connection.send({ type: 'room.close' });
      };
    },
  };
}
