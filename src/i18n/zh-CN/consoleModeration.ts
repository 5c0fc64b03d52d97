/** The console's moderation pages: the chat room and the message board. */
export const consoleModeration = {
  /** Refusals of the /api/admin chat and board calls (the chat's own rules speak through `zhCN.chat`). */
  server: {
    muteChoice: '请选择禁言时长，或者填写禁言结束时间（二者选一）',
    muteTime: '禁言结束时间格式不正确',
  },
} as const;
