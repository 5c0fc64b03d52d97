import type { ChatInbound, ChatMe, ChatMessage, ChatOutbound, PickedImage } from '../../src/domain/chat/chat';
import type { ChatApi } from '../../src/ports/chatApi';
import type { ChatSocket, ChatSocketLink, ChatSocketListener } from '../../src/ports/chatSocket';

/** One socket the client opened: the test plays the server's part. */
export class FakeLink implements ChatSocketLink {
  readonly sent: ChatOutbound[] = [];
  state: 'connecting' | 'open' | 'closed' = 'connecting';
  /** Closed by the client (not by the test). */
  closedByClient = false;

  constructor(
    readonly listener: ChatSocketListener,
    readonly openedAt: number,
  ) {}

  send(frame: ChatOutbound): void {
    if (this.state === 'open') this.sent.push(frame);
  }

  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.closedByClient = true;
  }

  open(): void {
    if (this.state !== 'connecting') return;
    this.state = 'open';
    this.listener.opened();
  }

  deliver(frame: ChatInbound): void {
    if (this.state === 'open') this.listener.frame(frame);
  }

  /** The server or the network ends the socket. */
  drop(code = 1006): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.listener.closed(code);
  }
}

/** A ChatSocket whose sockets the test opens, feeds and drops. */
export class FakeChatSocket implements ChatSocket {
  readonly links: FakeLink[] = [];
  onOpen: ((link: FakeLink) => void) | null = null;

  constructor(private readonly now: () => number = () => Date.now()) {}

  open(listener: ChatSocketListener): FakeLink {
    const link = new FakeLink(listener, this.now());
    this.links.push(link);
    this.onOpen?.(link);
    return link;
  }

  get last(): FakeLink | undefined {
    return this.links.at(-1);
  }
}

export const chatSocketFake = (now?: () => number) => new FakeChatSocket(now) satisfies ChatSocket;

export function chatMessage(id: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    userId: 2,
    nickName: `用户${id}`,
    avatar: '',
    content: `消息 ${id}`,
    contentType: 'text',
    clientId: `other-${id}`,
    time: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

export const ME: ChatMe = { userId: 7, nickName: '我', avatar: '', role: 0, mutedUntil: null };
export const ADMIN: ChatMe = { userId: 1, nickName: '管理员', avatar: '', role: 1, mutedUntil: null };

/** The chat REST calls over an in-memory history (ids 1..n), newest first paging like the server. */
export class FakeChatApi implements ChatApi {
  calls = { history: [] as (number | null)[], revert: [] as number[], clear: 0, upload: [] as string[] };
  failUpload = false;
  failRevert: Error | null = null;

  constructor(public stored: ChatMessage[] = []) {}

  async history(size: number, lastId: number | null): Promise<ChatMessage[]> {
    this.calls.history.push(lastId);
    const older = this.stored.filter((m) => lastId === null || m.id < lastId).sort((a, b) => b.id - a.id);
    return older.slice(0, size).reverse();
  }

  async revert(id: number): Promise<void> {
    this.calls.revert.push(id);
    if (this.failRevert) throw this.failRevert;
    this.stored = this.stored.filter((m) => m.id !== id);
  }

  async clear(): Promise<void> {
    this.calls.clear += 1;
    this.stored = [];
  }

  async uploadImage(image: PickedImage): Promise<string> {
    this.calls.upload.push(image.name);
    if (this.failUpload) throw new Error('upload failed');
    return `/media/${image.name}`;
  }
}

export const chatApiFake = (stored?: ChatMessage[]) => new FakeChatApi(stored) satisfies ChatApi;
