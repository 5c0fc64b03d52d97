import type { ChatInbound, ChatMe, ChatMessage, ChatOutbound, OnlineUser } from '../../domain/chat/chat';
import type { ChatMeDto, ChatMessageDto, ClientFrame, OnlineUserDto, ServerFrame } from '../../protocol/chat';

/** Translation between the wire's snake_case frames (src/protocol/chat.ts) and the domain's. */

export function toMessage(dto: ChatMessageDto): ChatMessage {
  return {
    id: dto.id,
    userId: dto.user_id,
    nickName: dto.nick_name,
    avatar: dto.avatar,
    content: dto.content,
    contentType: dto.content_type,
    clientId: dto.client_id,
    time: dto.time,
  };
}

const toOnline = (dto: OnlineUserDto): OnlineUser => ({
  userId: dto.user_id,
  nickName: dto.nick_name,
  avatar: dto.avatar,
});

const toMe = (dto: ChatMeDto | null): ChatMe | null =>
  dto && {
    userId: dto.user_id,
    nickName: dto.nick_name,
    avatar: dto.avatar,
    role: dto.role,
    mutedUntil: dto.muted_until,
  };

/** A parsed server frame in domain terms, or null for anything unknown. */
export function fromServer(frame: ServerFrame): ChatInbound | null {
  switch (frame.type) {
    case 'init':
      return {
        kind: 'init',
        mode: frame.mode,
        list: frame.list.map(toMessage),
        reverted: frame.reverted,
        hasMore: frame.has_more,
        online: frame.online.map(toOnline),
        me: toMe(frame.me),
      };
    case 'message': {
      const { type: _type, ...dto } = frame;
      return { kind: 'message', message: toMessage(dto) };
    }
    case 'ack':
      return { kind: 'ack', clientId: frame.client_id, id: frame.id, duplicate: frame.duplicate };
    case 'tips':
      return {
        kind: 'tips',
        content: frame.content,
        code: frame.message,
        ...(frame.client_id !== undefined ? { clientId: frame.client_id } : {}),
      };
    case 'onlineList':
      return { kind: 'online', list: frame.list.map(toOnline) };
    case 'revert':
      return { kind: 'revert', messageId: frame.message_id };
    case 'clear':
      return { kind: 'clear' };
    case 'offline':
      return { kind: 'offline', userId: frame.user_id, content: frame.content };
    case 'pong':
      return { kind: 'pong' };
    default:
      return null;
  }
}

export function toServer(frame: ChatOutbound): ClientFrame {
  switch (frame.kind) {
    case 'init':
      return frame.lastId > 0 ? { type: 'init', last_id: frame.lastId } : { type: 'init' };
    case 'message':
      return { type: 'message', content: frame.content, content_type: frame.contentType, client_id: frame.clientId };
    case 'offline':
      return { type: 'offline', user_id: frame.userId };
    case 'mute':
      return { type: 'mute', user_id: frame.userId, minutes: frame.minutes };
    case 'ping':
      return { type: 'ping' };
  }
}

/** Parses one text frame; null for anything that is not a known server frame. */
export function parseServerFrame(text: string): ChatInbound | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string')
      return null;
    return fromServer(value as ServerFrame);
  } catch {
    return null;
  }
}
