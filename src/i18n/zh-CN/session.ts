import { localised } from '../language';

/** The session's notices and the header's account entry, shown on every page before the dialogs load. */
export const session = localised('session', {
  loginSuccess: '登录成功',
  autoLoginSuccess: '自动登录成功',
  logoutSuccess: '退出成功',
  errorTitle: '错误提示',
  avatarAlt: (name: string) => `${name}的头像`,
  userMenu: '用户菜单',
} as const);
