import { Type, type Static } from 'typebox';
import { ChatContentType } from '../chat';
import { MessageAuthorDto } from '../content';

/*
 * Wire contract of the console's moderation: the chat room and the message board. Every call is under
 * /api/admin (administrators only: 401 for a visitor, 403 for a user), answers the envelope
 * `{ code, result, message }`, and needs the X-Requested-With marker for a write. Path ids are positive
 * integers (else 400); an unknown id is a 404; a rule broken is a 400, each with a Chinese message
 * (catalogue sections `zhCN.chat` and `zhCN.consoleModeration.server`). Pages count from 1, 1–50 a page.
 *
 * Chat room (what a change does reaches every connected reader at once, on every instance):
 *   GET    /api/admin/chat/messages?user=&userId=&text=&current=&size= → ConsoleChatPageDto (live messages,
 *          newest first; `user` is part of a username or nickname, `text` part of a text message)
 *   DELETE /api/admin/chat/messages/:id        → null (gone from every reader's room, as a revert)
 *   GET    /api/admin/chat/online              → ChatPersonDto[] (who is in the room now)
 *   GET    /api/admin/chat/bans                → ChatBanDto[] (mutes and kicks in force, the soonest to end first)
 *   PUT    /api/admin/chat/bans/:userId  body ChatMuteBody → ChatBanDto (a mute: `minutes` 1–1440, or `until`
 *          a time at most CHAT_MUTE_MAX_DAYS away; the room is told, the user cannot send until then)
 *   DELETE /api/admin/chat/bans/:userId        → null (lifts a mute or a kick's ban; the room is told)
 *   POST   /api/admin/chat/kick/:userId        → null (their sockets close on every instance; ten minutes'
 *          ban from sending)
 *
 * Message board (a hidden post is out of /message/list and its address answers 404; a hidden reply is out
 * of its thread; both stay here):
 *   GET    /api/admin/board/posts?keyword=&status=&current=&size= → ConsoleBoardPageDto (newest first;
 *          `keyword` is part of the text or the author's name; `status` 'visible' | 'hidden' | '' for all)
 *   GET    /api/admin/board/posts/:id/replies  → ConsoleBoardReplyDto[] (every one, oldest first)
 *   PUT    /api/admin/board/posts/:id/hidden   body HiddenBody → ConsoleBoardPostDto
 *   DELETE /api/admin/board/posts/:id          → null (its replies and likes with it)
 *   PUT    /api/admin/board/replies/:id/hidden body HiddenBody → ConsoleBoardReplyDto
 *   DELETE /api/admin/board/replies/:id        → null
 */

/** Most rows a console page asks for. */
export const MODERATION_PAGE_SIZE_MAX = 50;
/** Longest search text, in characters. */
export const MODERATION_SEARCH_MAX = 50;
/** A mute until a chosen time ends at most this many days from now (the room's own frame: one day). */
export const CHAT_MUTE_MAX_DAYS = 30;
/** Longest mute in minutes, as the room's `mute` frame allows. */
export const CHAT_MUTE_MAX_MINUTES = 1440;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const SearchText = Type.String({ maxLength: MODERATION_SEARCH_MAX });
const PageQuery = {
  current: Type.Integer({ minimum: 1, maximum: 100_000 }),
  size: Type.Integer({ minimum: 1, maximum: MODERATION_PAGE_SIZE_MAX }),
};

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;
export const UserIdParams = Type.Object({ userId: Id });
export type UserIdParams = Static<typeof UserIdParams>;

// ---------------------------------------------------------------- chat room

export const ChatSearchQuery = Type.Object({
  ...PageQuery,
  user: Type.Optional(SearchText),
  userId: Type.Optional(Id),
  text: Type.Optional(SearchText),
});
export type ChatSearchQuery = Static<typeof ChatSearchQuery>;

/** Someone in the room, as the console lists them. */
export const ChatPersonDto = Type.Object({
  userId: Type.Integer(),
  nickName: Type.String(),
  avatar: Type.String(),
});
export type ChatPersonDto = Static<typeof ChatPersonDto>;

export const ConsoleChatMessageDto = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  avatar: Type.String(),
  /** The text, or an image message's address. */
  content: Type.String(),
  contentType: ChatContentType,
  createdAt: Type.String(),
});
export type ConsoleChatMessageDto = Static<typeof ConsoleChatMessageDto>;

export const ConsoleChatPageDto = Type.Object({
  list: Type.Array(ConsoleChatMessageDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type ConsoleChatPageDto = Static<typeof ConsoleChatPageDto>;

export const ChatBanDto = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  avatar: Type.String(),
  /** 'mute': an administrator's mute; 'kick': the ten minutes after a kick. */
  reason: Type.Union([Type.Literal('mute'), Type.Literal('kick')]),
  /** ISO-8601: the user may send again from then on. */
  until: Type.String(),
});
export type ChatBanDto = Static<typeof ChatBanDto>;

/** Exactly one of the two: a length (the presets) or an end the blogger chose. */
export const ChatMuteBody = Type.Object({
  minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: CHAT_MUTE_MAX_MINUTES })),
  /** ISO-8601 with its offset, e.g. 2026-05-01T20:00:00.000Z. */
  until: Type.Optional(Type.String({ maxLength: 40 })),
});
export type ChatMuteBody = Static<typeof ChatMuteBody>;

// ---------------------------------------------------------------- message board

export const BOARD_STATUSES = ['visible', 'hidden'] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

export const BoardSearchQuery = Type.Object({
  ...PageQuery,
  keyword: Type.Optional(SearchText),
  status: Type.Optional(Type.Union([Type.Literal('visible'), Type.Literal('hidden'), Type.Literal('')])),
});
export type BoardSearchQuery = Static<typeof BoardSearchQuery>;

export const ConsoleBoardPostDto = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  color: Type.String(),
  bgImage: Type.String(),
  author: MessageAuthorDto,
  likes: Type.Integer(),
  /** Every reply, hidden ones included. */
  replyCount: Type.Integer(),
  hidden: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ConsoleBoardPostDto = Static<typeof ConsoleBoardPostDto>;

export const ConsoleBoardPageDto = Type.Object({
  list: Type.Array(ConsoleBoardPostDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type ConsoleBoardPageDto = Static<typeof ConsoleBoardPageDto>;

export const ConsoleBoardReplyDto = Type.Object({
  id: Type.Integer(),
  messageId: Type.Integer(),
  content: Type.String(),
  author: MessageAuthorDto,
  hidden: Type.Boolean(),
  createdAt: Type.String(),
});
export type ConsoleBoardReplyDto = Static<typeof ConsoleBoardReplyDto>;

export const HiddenBody = Type.Object({ hidden: Type.Boolean() });
export type HiddenBody = Static<typeof HiddenBody>;
