import { Type, type Static } from 'typebox';

/** Bounds that keep hostile bodies cheap; the real rules (spec section 5) answer with their own messages. */
const Text = (maxLength: number) => Type.String({ maxLength });

export const LoginBody = Type.Object({
  username: Text(256),
  password: Text(256),
  /** "记住我": a 30-day session instead of one that ends with the browser. */
  remember: Type.Optional(Type.Boolean()),
  /**
   * An API client's request for a bearer token: the answer then carries `token` and sets no cookie.
   * The browser never asks: its session is the HttpOnly cookie, and no page script sees a credential.
   */
  bearer: Type.Optional(Type.Boolean()),
});
export type LoginBody = Static<typeof LoginBody>;

/** `token` only for a login that asked for it (`bearer: true`); the browser's login answers `{ id }`. */
export const LoginResult = Type.Object({ token: Type.Optional(Type.String()), id: Type.Integer() });
export type LoginResult = Static<typeof LoginResult>;

export const RegisterBody = Type.Object({
  username: Text(256),
  password: Text(256),
  nick_name: Type.Optional(Text(256)),
});
export type RegisterBody = Static<typeof RegisterBody>;

/** Spec section 3 "User info"; `username` (the login name) is only told to its owner. */
export const UserInfoDto = Type.Object({
  id: Type.Integer(),
  nick_name: Type.String(),
  avatar: Type.String(),
  role: Type.Integer(),
  username: Type.Optional(Type.String()),
  /**
   * Told only to the owner, and only when true: the password is a generated one (the administrator's
   * one-time password, `npm run user`) and must be changed before anything else.
   */
  must_change_password: Type.Optional(Type.Boolean()),
  /** Told only to the owner: where reply emails go ('' for none). */
  email: Type.Optional(Type.String()),
  /** Told only to the owner: 邮件提醒, replies by email (needs `email`). */
  email_notify: Type.Optional(Type.Boolean()),
});
export type UserInfoDto = Static<typeof UserInfoDto>;

export const CurrentUserResult = Type.Union([UserInfoDto, Type.Null()]);
export type CurrentUserResult = Static<typeof CurrentUserResult>;

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const UpdateOwnUserInfoBody = Type.Object({
  nick_name: Type.Optional(Text(256)),
  avatar: Type.Optional(Text(512)),
  /** '' removes it; else an email address (at most 100 characters), else 400. */
  email: Type.Optional(Text(256)),
  /** 邮件提醒 on or off. */
  email_notify: Type.Optional(Type.Boolean()),
});
export type UpdateOwnUserInfoBody = Static<typeof UpdateOwnUserInfoBody>;

export const UpdatePasswordBody = Type.Object({
  old_password: Text(256),
  new_password: Text(256),
});
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>;

/** The largest picture POST /api/upload/img accepts; the browser refuses a bigger one before sending it. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const UploadResult = Type.Object({ url: Type.String() });
export type UploadResult = Static<typeof UploadResult>;
