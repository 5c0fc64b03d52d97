import { localised } from '../language';

export const notices = localised('notices', {
  close: '关闭通知',
} as const);
