import { ADMIN_ROLE, type CurrentUser } from '../accounts/currentUser';

/** An account as the console lists it. */
export interface ConsoleUser extends CurrentUser {
  /** ISO-8601. */
  createdAt: string;
  /** The last successful sign-in; null when none was recorded. */
  lastLoginAt: string | null;
  disabled: boolean;
}

export interface UserQuery {
  /** Part of the username or nickname. */
  keyword?: string;
  role?: number;
  disabled?: boolean;
  /** 'created': newest registered first; 'lastLogin': most recently signed in first, never signed in last. */
  sort: 'created' | 'lastLogin';
  offset: number;
  limit: number;
}

/** What the console changes of an account: its role, or whether (and since when) it is disabled. */
export interface UserChange {
  role?: number;
  /** ISO-8601 time it is disabled from; null enables it. */
  disabledAt?: string | null;
}

/**
 * The site keeps an enabled administrator: a change may not take away the last one. `administrators` are the
 * ids of the enabled administrators before the change.
 */
export function keepsAnAdministrator(target: ConsoleUser, change: UserChange, administrators: readonly number[]): boolean {
  if (!administrators.includes(target.id)) return true;
  const role = change.role ?? target.role;
  const disabled = change.disabledAt === undefined ? target.disabled : change.disabledAt !== null;
  return (role === ADMIN_ROLE && !disabled) || administrators.some((id) => id !== target.id);
}
