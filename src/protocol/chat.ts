import { Type, type Static } from 'typebox';

/**
 * The chat room's wire contract: every WebSocket frame (JSON with a `type`) on `/ws/` and every REST call
 * under `/api/chat/`. Field names are the spec's (snake_case). The server validates incoming frames with
 * these schemas; the client imports the types.
 */

export const CHAT_CONTENT_TYPES = ['text', 'image'] as const;
export const ChatContentType = Type.Union([Type.Literal('text'), Type.Literal('image')]);
export type ChatContentType = Static<typeof ChatContentType>;

/** A client message id: unique per user, chosen by the client (a UUID or a counter with a tab prefix). */
export const ClientMessageId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });

const MessageId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const UserId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** One stored chat message as it travels in frames and in getChatList. `time` is ISO-8601 (UTC). */
export const ChatMessageDto = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  /** The text, or for an image message the image's URL (`/media/…` from POST /api/upload/img). */
  content: Type.String(),
  content_type: ChatContentType,
  /** The author's client message id: lets the author's tabs match a pending message to its stored copy. */
  client_id: Type.String(),
  time: Type.String(),
});
export type ChatMessageDto = Static<typeof ChatMessageDto>;

/** One entry per signed-in user, however many tabs (and server instances) they are connected through. */
export const OnlineUserDto = Type.Object({ user_id: Type.Integer(), nick_name: Type.String(), avatar: Type.String() });
export type OnlineUserDto = Static<typeof OnlineUserDto>;

// ---------------------------------------------------------------- client → server

/**
 * First frame after the socket opens (and after every reconnect). `last_id` is the newest message id the
 * client holds: the server then answers with what was missed instead of the recent page. `user_id` is
 * accepted for the spec's client and ignored: the user comes from the session.
 */
export const ClientInitFrame = Type.Object({
  type: Type.Literal('init'),
  last_id: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()])),
  user_id: Type.Optional(Type.Unknown()),
});
export type ClientInitFrame = Static<typeof ClientInitFrame>;

/**
 * A send. Resending the same `client_id` (after a reconnect) is acknowledged again but stored once. The spec's
 * own frame has no `client_id`: the server makes one, and such a send has no exactly-once guarantee.
 */
export const ClientMessageFrame = Type.Object({
  type: Type.Literal('message'),
  content: Type.String({ maxLength: 4096 }),
  content_type: ChatContentType,
  client_id: Type.Optional(ClientMessageId),
  user_id: Type.Optional(Type.Unknown()),
});
export type ClientMessageFrame = Static<typeof ClientMessageFrame>;

/** Administrator: kick `user_id` out (their sockets close; they cannot send for 10 minutes). */
export const ClientOfflineFrame = Type.Object({ type: Type.Literal('offline'), user_id: UserId });
export type ClientOfflineFrame = Static<typeof ClientOfflineFrame>;

/** Administrator: mute `user_id` for `minutes` (1 to 1440); 0 lifts a mute or a kick's send ban. */
export const ClientMuteFrame = Type.Object({
  type: Type.Literal('mute'),
  user_id: UserId,
  minutes: Type.Integer({ minimum: 0, maximum: 1440 }),
});
export type ClientMuteFrame = Static<typeof ClientMuteFrame>;

/** Application-level heartbeat; answered with `pong`. */
export const ClientPingFrame = Type.Object({ type: Type.Literal('ping') });
export type ClientPingFrame = Static<typeof ClientPingFrame>;

export const ClientFrame = Type.Union([ClientInitFrame, ClientMessageFrame, ClientOfflineFrame, ClientMuteFrame, ClientPingFrame]);
export type ClientFrame = Static<typeof ClientFrame>;

// ---------------------------------------------------------------- server → client

/** The signed-in user as the server sees them; null for a visitor (read-only). */
export const ChatMeDto = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  role: Type.Integer(),
  /** ISO time until which this user may not send (kick or mute), or null. */
  muted_until: Type.Union([Type.String(), Type.Null()]),
});
export type ChatMeDto = Static<typeof ChatMeDto>;

/**
 * Answer to `init`. `mode` 'recent': replace the list with `list` (the newest page). 'missed': keep the
 * list, append `list` and remove the ids in `reverted`. `list` is always oldest first.
 */
export const ServerInitFrame = Type.Object({
  type: Type.Literal('init'),
  mode: Type.Union([Type.Literal('recent'), Type.Literal('missed')]),
  list: Type.Array(ChatMessageDto),
  /** Ids at or below the client's last_id that were reverted meanwhile ('missed' only; else empty). */
  reverted: Type.Array(Type.Integer()),
  /** 'recent': older messages exist (load them with getChatList). */
  has_more: Type.Boolean(),
  online: Type.Array(OnlineUserDto),
  me: Type.Union([ChatMeDto, Type.Null()]),
});
export type ServerInitFrame = Static<typeof ServerInitFrame>;

/** A new message, to every socket in the room (the author's included). */
export const ServerMessageFrame = Type.Intersect([Type.Object({ type: Type.Literal('message') }), ChatMessageDto]);
export type ServerMessageFrame = { type: 'message' } & ChatMessageDto;

/** To the sending socket only: the send with `client_id` is stored as `id` (again, when `duplicate`). */
export const ServerAckFrame = Type.Object({
  type: Type.Literal('ack'),
  client_id: Type.String(),
  id: Type.Integer(),
  duplicate: Type.Boolean(),
});
export type ServerAckFrame = Static<typeof ServerAckFrame>;

/** Why a tips frame was sent: a refusal of the client's own frame or a room notice. */
export const CHAT_TIP_CODES = [
  'login_required',
  'empty',
  'too_long',
  'invalid_image',
  'rate_limited',
  'duplicate',
  'muted',
  'forbidden',
  'not_found',
  'invalid_frame',
  'kicked',
  'user_muted',
  'user_unmuted',
  'server_error',
] as const;
export type ChatTipCode = (typeof CHAT_TIP_CODES)[number];

/**
 * A Chinese notice to show (`content`); `message` is the machine-readable reason. A refused send carries
 * its `client_id` so the client can drop (or mark) the pending message.
 */
export const ServerTipsFrame = Type.Object({
  type: Type.Literal('tips'),
  content: Type.String(),
  message: Type.String(),
  client_id: Type.Optional(Type.String()),
});
export type ServerTipsFrame = { type: 'tips'; content: string; message: ChatTipCode; client_id?: string };

export const ServerOnlineListFrame = Type.Object({ type: Type.Literal('onlineList'), list: Type.Array(OnlineUserDto) });
export type ServerOnlineListFrame = Static<typeof ServerOnlineListFrame>;

/** A message was reverted (by its author or an administrator): remove it from the list. */
export const ServerRevertFrame = Type.Object({ type: Type.Literal('revert'), message_id: Type.Integer() });
export type ServerRevertFrame = Static<typeof ServerRevertFrame>;

/** An administrator cleared the history: empty the list. */
export const ServerClearFrame = Type.Object({ type: Type.Literal('clear') });
export type ServerClearFrame = Static<typeof ServerClearFrame>;

/** To the kicked user's sockets, right before the server closes them with code 4001. */
export const ServerOfflineFrame = Type.Object({ type: Type.Literal('offline'), user_id: Type.Integer(), content: Type.String() });
export type ServerOfflineFrame = Static<typeof ServerOfflineFrame>;

export const ServerPongFrame = Type.Object({ type: Type.Literal('pong') });
export type ServerPongFrame = Static<typeof ServerPongFrame>;

export type ServerFrame =
  | ServerInitFrame
  | ServerMessageFrame
  | ServerAckFrame
  | ServerTipsFrame
  | ServerOnlineListFrame
  | ServerRevertFrame
  | ServerClearFrame
  | ServerOfflineFrame
  | ServerPongFrame;

/** Close code after a kick (the client must not reconnect on its own). */
export const CHAT_CLOSE_KICKED = 4001;
/** Close code of an oversized frame (RFC 6455 "message too big"). */
export const CHAT_CLOSE_TOO_BIG = 1009;
/** Largest frame the server accepts, in bytes; a bigger one closes the socket. */
export const CHAT_MAX_FRAME_BYTES = 16 * 1024;
export const CHAT_SOCKET_PATH = '/ws/';

// ---------------------------------------------------------------- REST

/** POST /api/chat/getChatList: the newest `size` messages, or those older than `last_id`. */
export const ChatListBody = Type.Object({
  size: Type.Integer({ minimum: 1, maximum: 50 }),
  last_id: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 2_147_483_647 }), Type.Null()])),
});
export type ChatListBody = Static<typeof ChatListBody>;

/** `list` is newest first (the spec's paging: if `size` came back, more are assumed). */
export const ChatListDto = Type.Object({ list: Type.Array(ChatMessageDto) });
export type ChatListDto = Static<typeof ChatListDto>;

/** DELETE /api/chat/deleteOne/{id}. */
export const ChatIdParams = Type.Object({ id: MessageId });
export type ChatIdParams = Static<typeof ChatIdParams>;
