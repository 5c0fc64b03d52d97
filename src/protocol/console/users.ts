import { Type, type Static } from 'typebox';

/*
 * Wire contract of the console's people: the users and the administrator's notices. Every call is under
 * /api/admin (administrators only: 401 for a visitor, 403 for a user), answers the envelope
 * `{ code, result, message }`, and needs the X-Requested-With marker for a write. Path ids are positive
 * integers (else 400); an unknown id is a 404; bad input a 400; a change that would leave the site without
 * an administrator a 409; each with a Chinese message (catalogue section `zhCN.consoleUsers.server`).
 *
 * Users (no administrator changes their own role, account or password here):
 *   GET  /api/admin/users?keyword=&role=&status=&sort=&current=&size= → ConsoleUserPageDto (`keyword` is part
 *        of the username or nickname; `sort` 'created' (newest first, the default) or 'lastLogin')
 *   PUT  /api/admin/users/:id/role     body UserRoleBody     → ConsoleUserDto (its chat sockets act with it at once)
 *   PUT  /api/admin/users/:id/disabled body UserDisabledBody → ConsoleUserDto (disabled: every session ends at
 *        once, on every instance, its chat sockets close, and it cannot sign in; its content stays)
 *   POST /api/admin/users/:id/password                        → PasswordResetDto (a generated password, shown
 *        once; every session ends; it must be changed at the next sign-in, as `npm run user -- reset-password`)
 *
 * Notices (type 4, what `npm run notify` sends):
 *   POST /api/admin/notices/preview body NoticeBody → NoticePreviewDto (the notice as the drawer will show it)
 *   POST /api/admin/notices         body NoticeBody → NoticeSentDto (sent to every user)
 */

/** Most rows a page asks for. */
export const USERS_PAGE_SIZE_MAX = 50;
/** Longest search text, in characters. */
export const USERS_SEARCH_MAX = 50;
/** Roles as the command line sets them: 1 the administrator, 2 a registered user; 3–9 are kept as they are. */
export const ROLE_MIN = 1;
export const ROLE_MAX = 9;

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const UserIdParams = Type.Object({ id: Id });
export type UserIdParams = Static<typeof UserIdParams>;

export const USER_SORTS = ['created', 'lastLogin'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const UserSearchQuery = Type.Object({
  current: Type.Integer({ minimum: 1, maximum: 100_000 }),
  size: Type.Integer({ minimum: 1, maximum: USERS_PAGE_SIZE_MAX }),
  keyword: Type.Optional(Type.String({ maxLength: USERS_SEARCH_MAX })),
  role: Type.Optional(Type.Integer({ minimum: ROLE_MIN, maximum: ROLE_MAX })),
  status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled'), Type.Literal('')])),
  sort: Type.Optional(Type.Union([Type.Literal('created'), Type.Literal('lastLogin')])),
});
export type UserSearchQuery = Static<typeof UserSearchQuery>;

export const ConsoleUserDto = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickName: Type.String(),
  avatar: Type.String(),
  role: Type.Integer(),
  /** ISO-8601. */
  createdAt: Type.String(),
  /** The last successful sign-in; null when none was recorded. */
  lastLoginAt: Type.Union([Type.String(), Type.Null()]),
  disabled: Type.Boolean(),
  /** Still on a generated password that must be changed at the next sign-in. */
  mustChangePassword: Type.Boolean(),
});
export type ConsoleUserDto = Static<typeof ConsoleUserDto>;

export const ConsoleUserPageDto = Type.Object({
  list: Type.Array(ConsoleUserDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type ConsoleUserPageDto = Static<typeof ConsoleUserPageDto>;

export const UserRoleBody = Type.Object({ role: Type.Integer({ minimum: ROLE_MIN, maximum: ROLE_MAX }) });
export type UserRoleBody = Static<typeof UserRoleBody>;

export const UserDisabledBody = Type.Object({ disabled: Type.Boolean() });
export type UserDisabledBody = Static<typeof UserDisabledBody>;

export const PasswordResetDto = Type.Object({
  /** Shown once; the server keeps only its hash. */
  password: Type.String(),
  user: ConsoleUserDto,
});
export type PasswordResetDto = Static<typeof PasswordResetDto>;

export const NoticeBody = Type.Object({
  /** 1–2000 characters; `&lt;a href=…&gt;` is read as a tag, and only the drawer's tags are kept. */
  message: Type.String({ maxLength: 4000 }),
});
export type NoticeBody = Static<typeof NoticeBody>;

export const NoticePreviewDto = Type.Object({
  /** The notice's HTML exactly as the drawer receives it (cleaned by the server the same way). */
  html: Type.String(),
});
export type NoticePreviewDto = Static<typeof NoticePreviewDto>;

export const NoticeSentDto = Type.Object({
  /** Users who received it. */
  sent: Type.Integer(),
});
export type NoticeSentDto = Static<typeof NoticeSentDto>;
