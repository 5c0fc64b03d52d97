import { randomUUID } from 'node:crypto';
import { chatMessages as storedMessages, chatSockets } from '../metrics/metrics';
import { Compile } from 'typebox/compile';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket, RawData } from 'ws';
import {
  CHAT_CLOSE_KICKED,
  ClientFrame,
  type ChatMessageDto,
  type ChatTipCode,
  type OnlineUserDto,
  type ServerFrame,
} from '../../../src/protocol/chat';
import type { ChatActor, ChatMessage, OnlineUser } from '../../domain/chat/chatMessage';
import type { ChatService } from '../../domain/chat/chatService';
import { chatMessages } from '../../domain/chat/messages';
import { ChatRefusal } from '../../domain/chat/refusal';
import { messages as serverMessages } from '../../domain/messages';
import { inputProblem } from '../../domain/inputProblem';
import type { ChatEvent, ChatHub } from '../../ports/chatHub';

const clientFrame = Compile(ClientFrame);

export function messageDto(message: ChatMessage): ChatMessageDto {
  return {
    id: message.id,
    user_id: message.userId,
    nick_name: message.nickName,
    avatar: message.avatar,
    content: message.content,
    content_type: message.contentType,
    client_id: message.clientId,
    time: message.createdAt,
  };
}

function onlineDto(user: OnlineUser): OnlineUserDto {
  return { user_id: user.userId, nick_name: user.nickName, avatar: user.avatar };
}

interface Connection {
  socket: WebSocket;
  user: ChatActor | null;
  /** The session that opened the socket (null for a visitor): ending it closes the socket. */
  sessionId: number | null;
  /** 'joining' between an init frame and its answer: room events wait in `pending` meanwhile. */
  state: 'connected' | 'joining' | 'joined' | 'closed';
  pending: ChatEvent[];
  /** Frames of this socket are handled one after another, so its sends are acknowledged in order. */
  queue: Promise<void>;
  alive: boolean;
}

export interface ChatGatewayOptions {
  /** WebSocket ping interval; a socket that missed the previous pong is dropped. */
  heartbeatMs?: number;
  /** How often this instance's presence is refreshed (and the room's list rechecked). */
  presenceRefreshMs?: number;
}

/**
 * This instance's side of the room: its sockets, their frames, and the hub's events turned into frames.
 * Every room event (this instance's too) arrives through the hub, so one path serves one or many instances.
 */
export class ChatGateway {
  private readonly connections = new Set<Connection>();
  private readonly timers: NodeJS.Timeout[] = [];
  private unsubscribe: (() => void) | undefined;
  /** Presence writes in order: a later list never lands before an earlier one. */
  private presenceChain: Promise<void> = Promise.resolve();
  private lastPresence = '';
  private lastOnline = '';
  /** Set by stop(): sockets closing during shutdown no longer touch the hub. */
  private stopped = false;

  constructor(
    private readonly chat: ChatService,
    private readonly hub: ChatHub,
    private readonly log: FastifyBaseLogger,
    private readonly options: ChatGatewayOptions = {},
  ) {}

  start(): void {
    this.unsubscribe = this.hub.subscribe((event) => this.onEvent(event));
    const heartbeat = setInterval(() => this.heartbeat(), this.options.heartbeatMs ?? 30_000);
    const refresh = setInterval(() => void this.refreshPresence(), this.options.presenceRefreshMs ?? 10_000);
    heartbeat.unref();
    refresh.unref();
    this.timers.push(heartbeat, refresh);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.unsubscribe?.();
    for (const connection of this.connections) connection.socket.close(1001);
    this.connections.clear();
    await this.presenceChain;
  }

  accept(socket: WebSocket, user: ChatActor | null, sessionId: number | null = null): void {
    const connection: Connection = { socket, user, sessionId, state: 'connected', pending: [], queue: Promise.resolve(), alive: true };
    this.connections.add(connection);
    chatSockets.inc();
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data: RawData, isBinary: boolean) => {
      connection.queue = connection.queue.then(() => this.onFrame(connection, data, isBinary)).catch((error: unknown) => {
        this.log.error({ err: error }, 'chat frame failed');
        this.send(connection, { type: 'tips', content: serverMessages.unexpected, message: 'server_error' });
      });
    });
    socket.on('close', () => {
      const wasListed = connection.state === 'joined' && connection.user !== null;
      connection.state = 'closed';
      this.connections.delete(connection);
      chatSockets.dec();
      if (wasListed) this.updatePresence();
    });
  }

  private send(connection: Connection, frame: ServerFrame): void {
    if (connection.state === 'closed' || connection.socket.readyState !== 1) return;
    connection.socket.send(JSON.stringify(frame));
  }

  private tips(connection: Connection, message: ChatTipCode, content: string, clientId?: string): void {
    this.send(connection, { type: 'tips', content, message, ...(clientId !== undefined ? { client_id: clientId } : {}) });
  }

  private async onFrame(connection: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (connection.state === 'closed') return;
    let frame: unknown;
    try {
      if (isBinary) throw new Error('binary');
      frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'));
    } catch {
      return this.tips(connection, 'invalid_frame', chatMessages.invalidFrame);
    }
    // A lone surrogate would be stored as replacement characters; NUL cannot be stored at all.
    if (!clientFrame.Check(frame) || inputProblem(frame) !== undefined) {
      const clientId = (frame as { client_id?: unknown } | null)?.client_id;
      return this.tips(connection, 'invalid_frame', chatMessages.invalidFrame, typeof clientId === 'string' ? clientId.slice(0, 64) : undefined);
    }
    switch (frame.type) {
      case 'ping':
        return this.send(connection, { type: 'pong' });
      case 'init':
        return this.join(connection, frame.last_id ?? undefined);
      case 'message': {
        const clientId = frame.client_id ?? `server-${randomUUID()}`;
        if (!connection.user) return this.tips(connection, 'login_required', chatMessages.loginRequired, clientId);
        return this.refusing(connection, clientId, async (user) => {
          const result = await this.chat.send(user, { content: frame.content, contentType: frame.content_type, clientId });
          if (!result.duplicate) storedMessages.inc();
          this.send(connection, { type: 'ack', client_id: clientId, id: result.message.id, duplicate: result.duplicate });
        });
      }
      case 'offline':
        return this.refusing(connection, undefined, (user) => this.chat.kick(user, frame.user_id));
      case 'mute':
        return this.refusing(connection, undefined, (user) => this.chat.mute(user, frame.user_id, frame.minutes));
    }
  }

  /** Runs an action for a signed-in user, answering a refusal with a `tips` frame. */
  private async refusing(connection: Connection, clientId: string | undefined, action: (user: ChatActor) => Promise<void>) {
    if (!connection.user) return this.tips(connection, 'login_required', chatMessages.loginRequired, clientId);
    try {
      await action(connection.user);
    } catch (error) {
      if (error instanceof ChatRefusal) return this.tips(connection, error.reason, error.message, clientId);
      throw error;
    }
  }

  private async join(connection: Connection, lastId: number | undefined): Promise<void> {
    const rejoin = connection.state === 'joined';
    connection.state = 'joining';
    connection.pending = [];
    if (connection.user && !rejoin) this.updatePresence(connection);
    const catchup = await this.chat.catchUp(lastId);
    await this.presenceChain;
    const [online, ban] = await Promise.all([
      this.hub.onlineUsers(),
      connection.user ? this.chat.activeBan(connection.user.id) : undefined,
    ]);
    if ((connection.state as Connection['state']) === 'closed') return;
    const user = connection.user;
    this.send(connection, {
      type: 'init',
      mode: catchup.mode,
      list: catchup.list.map(messageDto),
      reverted: catchup.reverted,
      has_more: catchup.hasMore,
      online: online.map(onlineDto),
      me: user && { user_id: user.id, nick_name: user.nickName, avatar: user.avatar, role: user.role, muted_until: ban?.until ?? null },
    });
    // The spec's client learns who is online from onlineList frames only, not from our init.
    this.send(connection, { type: 'onlineList', list: online.map(onlineDto) });
    connection.state = 'joined';
    const delivered = new Set(catchup.list.map((m) => m.id));
    const waiting = connection.pending;
    connection.pending = [];
    for (const event of waiting) {
      if (event.type === 'message' && delivered.has(event.message.id)) continue;
      this.deliver(connection, event);
    }
  }

  private onEvent(event: ChatEvent): void {
    if (event.type === 'presence') {
      void this.broadcastOnline(true);
      return;
    }
    for (const connection of [...this.connections]) {
      if (event.type === 'kick' && connection.user?.id === event.userId) {
        this.kickOut(connection, chatMessages.youAreKicked);
        continue;
      }
      if (event.type === 'signOut') {
        const ended = !event.sessionIds || (connection.sessionId !== null && event.sessionIds.includes(connection.sessionId));
        if (connection.user?.id === event.userId && ended) this.kickOut(connection, chatMessages.signedOut);
        continue;
      }
      if (event.type === 'role') {
        if (connection.user?.id === event.userId) this.changeRole(connection, event.role);
        continue;
      }
      if (connection.state === 'joining') connection.pending.push(event);
      else if (connection.state === 'joined') this.deliver(connection, event);
    }
  }

  private deliver(connection: Connection, event: ChatEvent): void {
    switch (event.type) {
      case 'message':
        return this.send(connection, { type: 'message', ...messageDto(event.message) });
      case 'revert':
        return this.send(connection, { type: 'revert', message_id: event.messageId });
      case 'clear':
        return this.send(connection, { type: 'clear' });
      case 'kick':
        return this.tips(connection, 'kicked', chatMessages.userKicked(event.nickName));
      case 'notice':
        return this.tips(connection, event.reason, event.content);
      case 'presence':
      case 'signOut':
      case 'role':
        return;
    }
  }

  private kickOut(connection: Connection, content: string): void {
    const userId = connection.user?.id ?? 0;
    this.send(connection, { type: 'offline', user_id: userId, content });
    connection.socket.close(CHAT_CLOSE_KICKED, 'kicked');
  }

  /** The socket acts with the new role from its next frame; a joined one is sent a fresh init saying so. */
  private changeRole(connection: Connection, role: number): void {
    if (!connection.user) return;
    connection.user = { ...connection.user, role };
    if (connection.state !== 'joined') return;
    connection.queue = connection.queue
      .then(() => this.join(connection, undefined))
      .catch((error: unknown) => this.log.error({ err: error }, 'chat rejoin failed'));
  }

  /** This instance's signed-in users with a joined socket, one entry each. */
  private localUsers(extra?: Connection): OnlineUser[] {
    const byUser = new Map<number, OnlineUser>();
    for (const connection of this.connections) {
      const { user } = connection;
      if (!user || (connection.state !== 'joined' && connection !== extra)) continue;
      if (!byUser.has(user.id)) byUser.set(user.id, { userId: user.id, nickName: user.nickName, avatar: user.avatar });
    }
    return [...byUser.values()].sort((a, b) => a.userId - b.userId);
  }

  /** Writes this instance's presence when it changed and tells every instance to recompute the list. */
  private updatePresence(joining?: Connection): void {
    if (this.stopped) return;
    const users = this.localUsers(joining);
    this.presenceChain = this.presenceChain
      .then(async () => {
        const snapshot = JSON.stringify(users);
        if (snapshot === this.lastPresence) return;
        this.lastPresence = snapshot;
        await this.hub.setLocalPresence(users);
        await this.hub.publish({ type: 'presence' });
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'chat presence update failed'));
  }

  /** Keeps this instance's presence alive and notices instances that went away without a word. */
  private async refreshPresence(): Promise<void> {
    const users = this.localUsers();
    this.presenceChain = this.presenceChain
      .then(async () => {
        this.lastPresence = JSON.stringify(users);
        await this.hub.setLocalPresence(users);
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'chat presence refresh failed'));
    await this.presenceChain;
    await this.broadcastOnline(false);
  }

  private async broadcastOnline(always: boolean): Promise<void> {
    try {
      const list = (await this.hub.onlineUsers()).map(onlineDto);
      const snapshot = JSON.stringify(list);
      if (!always && snapshot === this.lastOnline) return;
      this.lastOnline = snapshot;
      for (const connection of this.connections) {
        if (connection.state === 'joined') this.send(connection, { type: 'onlineList', list });
      }
    } catch (error) {
      this.log.error({ err: error }, 'chat online list failed');
    }
  }

  private heartbeat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
