import type { Translation } from '../translation';
import type { session as zh } from '../zh-CN/session';

/** The session's notices and the header's account entry, shown on every page before the dialogs load. */
export const session = {
  loginSuccess: 'Signed in',
  autoLoginSuccess: 'Welcome back! You’re signed in.',
  logoutSuccess: 'Signed out',
  errorTitle: 'Error',
  avatarAlt: (name: string) => `${name}’s avatar`,
  userMenu: 'Account menu',
} as const satisfies Translation<typeof zh>;
