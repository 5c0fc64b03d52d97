/** The console's people as the browser sees them: the users, and the administrator's notice before it is sent. */

export interface ConsoleUserItem {
  id: number;
  username: string;
  nickName: string;
  avatar: string;
  role: number;
  /** ISO-8601. */
  createdAt: string;
  /** The last successful sign-in; null when none was recorded. */
  lastLoginAt: string | null;
  disabled: boolean;
  /** Still on a generated password that must be changed at the next sign-in. */
  mustChangePassword: boolean;
}

export type UserStatusFilter = 'all' | 'enabled' | 'disabled';
export type UserSort = 'created' | 'lastLogin';

export interface UserQuery {
  /** Part of the username or nickname. */
  keyword: string;
  /** Only this role; null for every role. */
  role: number | null;
  status: UserStatusFilter;
  sort: UserSort;
}

export const ADMIN_ROLE = 1;
export const MEMBER_ROLE = 2;

/** No administrator changes their own account from the console (the server refuses it too). */
export function isSelf(selfId: number | null | undefined, user: Pick<ConsoleUserItem, 'id'>): boolean {
  return selfId === user.id;
}

/** The role a 设为管理员 / 设为普通用户 button gives. */
export function toggledRole(user: Pick<ConsoleUserItem, 'role'>): number {
  return user.role === ADMIN_ROLE ? MEMBER_ROLE : ADMIN_ROLE;
}

/** The notice's longest text, as the server keeps it. */
export const NOTICE_MAX_LENGTH = 2000;

export type NoticeProblem = 'empty' | 'tooLong';

/** Whether a notice may be sent: some text, at most NOTICE_MAX_LENGTH once trimmed (the server's rule). */
export function checkNotice(message: string): NoticeProblem | null {
  const text = message.trim();
  if (text === '') return 'empty';
  if (text.length > NOTICE_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Rows the users page asks for. */
export const USERS_PAGE_SIZE = 20;
