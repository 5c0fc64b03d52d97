import { localised } from '../language';

/** A new sign-in told to the account's owner (notice, email, the 「不是我」 page), and asking the password again. */
export const signIn = localised('signIn', {
  server: {
    /** The 403 of an action that cannot be undone when the session last proved its password too long ago. */
    reauthRequired: '这项操作无法撤销，请再次输入密码，确认是你本人',
    passwordRequired: '请输入密码',
    wrongPassword: '密码错误',
    linkExpired: '链接已失效：它只能使用一次，且在 7 天后过期',
    grantExpired: '设置新密码的时限已过，请联系管理员重置密码',
  },
  /** The notice in the drawer; `link` is the 「不是我」 address. */
  notice: (client: string, address: string, link: string) =>
    `你的账号刚刚在一个新的浏览器上登录（${client || '未知浏览器'}，IP ${address || '未知'}）。如果不是你本人，请点击 <a href="${link}">不是我</a>，退出那次登录并设置新密码。`,
  mail: {
    subject: (site: string) => `${site}：你的账号在新的浏览器上登录`,
    lead: (name: string) => `${name}，你好：`,
    body: (client: string, address: string, when: string) =>
      `你的账号于 ${when} 在一个新的浏览器上登录（${client || '未知浏览器'}，IP ${address || '未知'}）。如果是你本人，请忽略这封邮件。`,
    notMe: '不是我：退出那次登录并设置新密码',
    expires: '这个链接只能使用一次，7 天后失效。',
  },
  /** The 「不是我」 page. */
  notMe: {
    title: '不是我',
    hint: '有人在一个新的浏览器上登录了你的账号。确认后，那次登录会立即退出，然后请为账号设置新密码。',
    confirm: '退出那次登录',
    ended: '那次登录已经退出。请现在设置新密码，旧密码可能已经泄露：',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    save: '设置新密码',
    done: '新密码已设置，所有设备上的登录都已退出。请用新密码重新登录。',
    signIn: '去登录',
    missing: '链接不完整，请从通知或邮件中重新打开。',
  },
  /** The dialog that asks the password again before an action that cannot be undone. */
  reauth: {
    title: '确认是你本人',
    hint: '这项操作无法撤销。为了账号安全，请再次输入密码。',
    password: '密码',
    submit: '确认',
    cancel: '取消',
  },
} as const);
