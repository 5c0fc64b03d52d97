export const notices = {
  close: '关闭通知',
} as const;
