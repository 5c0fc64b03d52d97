import { Type, type Static } from 'typebox';

export const NotifyListBody = Type.Object({
  current: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  size: Type.Integer({ minimum: 1, maximum: 50 }),
  /** Sent by the spec's client; ignored: the list is always the caller's own. */
  userId: Type.Optional(Type.Unknown()),
});
export type NotifyListBody = Static<typeof NotifyListBody>;

/** Spec section 3 "Notification": isView 1 means unread. */
export const NotifyItemDto = Type.Object({
  id: Type.Integer(),
  /** HTML cleaned by the server: only the notice tags kept (server/adapters/http/noticeHtml.ts). */
  message: Type.String(),
  isView: Type.Integer(),
  type: Type.Integer(),
  to_id: Type.Union([Type.Integer(), Type.Null()]),
  /** The comment a type-1/2 notice is about (the page scrolls to it and highlights it); null otherwise. */
  comment_id: Type.Union([Type.Integer(), Type.Null()]),
  createTime: Type.String(),
});
export type NotifyItemDto = Static<typeof NotifyItemDto>;

export const NotifyListDto = Type.Object({
  list: Type.Array(NotifyItemDto),
  total: Type.Integer(),
  /** Unread notices of the caller in all pages: the bell's badge. */
  unread: Type.Integer(),
  /** Where a type-4 (administrator) notice leads; only the drawer needs it, so it travels with the list. */
  adminUrl: Type.String(),
});
export type NotifyListDto = Static<typeof NotifyListDto>;

export const NotifyIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
