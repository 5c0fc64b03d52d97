/** The console's people pages: users and the administrator's notices. */
export const consoleUsers = {
  /** Refusals of the /api/admin user and notice calls. */
  server: {
    notYourself: '不能在这里修改自己的账号，请到个人中心操作',
    lastAdministrator: '网站至少要保留一位启用中的管理员',
  },
} as const;
