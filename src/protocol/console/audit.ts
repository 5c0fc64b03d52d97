import { Type, type Static } from 'typebox';

/*
 * Wire contract of the console's 操作日志 (the administrator's log): every console write, the downloads of a
 * backup or an export, the imports and the accounts' security events (sign-in, failed sign-in, sign-out,
 * password changed), with who, what, when and from where. Administrators only, like every /api/admin call.
 * Entries are never edited or deleted through the site: they go only when older than AUDIT_KEEP_DAYS.
 *
 *   GET /api/admin/audit?current=&size=&actor=&area=&object=&from=&to= → AuditPageDto (newest first)
 *   GET /api/admin/audit.csv?actor=&area=&object=&from=&to=           → text/csv (newest first, at most
 *       AUDIT_CSV_MAX_ROWS rows; cells a spreadsheet would run as a formula are escaped)
 *
 * `actor` is part of the person's name; `object` is the object's id or part of the summary; `from` (inclusive)
 * and `to` (exclusive) are ISO-8601 instants: the browser sends the bounds of the days picked, in its own zone.
 */

/** Where an entry belongs: a console area, or the accounts' security events. */
export const AUDIT_AREAS = [
  'security',
  'articles',
  'talks',
  'albums',
  'photos',
  'music',
  'comments',
  'chat',
  'board',
  'users',
  'notices',
  'taxonomy',
  'site',
  'links',
  'resources',
  'siteList',
  'transfer',
  'other',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const AUDIT_FILTER_MAX = 50;

export const AuditQuery = Type.Object({
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_SIZE_MAX })),
  actor: Type.Optional(Type.String({ maxLength: AUDIT_FILTER_MAX })),
  area: Type.Optional(Type.Enum([...AUDIT_AREAS, ''])),
  object: Type.Optional(Type.String({ maxLength: AUDIT_FILTER_MAX })),
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntryDto = Type.Object({
  id: Type.Integer(),
  /** ISO-8601: when it happened (for merged autosaves, the last save). */
  at: Type.String(),
  /** The account that acted; null for a failed sign-in or the command line. */
  actorId: Type.Union([Type.Integer(), Type.Null()]),
  /** Its username, the name a failed sign-in tried, or 命令行. */
  actorName: Type.String(),
  area: Type.Enum(AUDIT_AREAS),
  /** What was done, in a word: create, update, delete, publish, signIn, signInFailed… */
  action: Type.String(),
  /** The object's id, '' when none. */
  objectId: Type.String(),
  /** The change in a short Chinese sentence. */
  summary: Type.String(),
  /** The client's address as the server saw it ('' for the command line). */
  address: Type.String(),
  userAgent: Type.String(),
  /** How many writes this entry stands for (an editing session's autosaves are one entry). */
  times: Type.Integer(),
});
export type AuditEntryDto = Static<typeof AuditEntryDto>;

export const AuditPageDto = Type.Object({
  list: Type.Array(AuditEntryDto),
  total: Type.Integer(),
  current: Type.Integer(),
  size: Type.Integer(),
});
export type AuditPageDto = Static<typeof AuditPageDto>;

export const AUDIT_PATH = '/api/admin/audit';
export const AUDIT_CSV_PATH = '/api/admin/audit.csv';
