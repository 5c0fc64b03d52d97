import type { Translation } from '../translation';
import type { notices as zh } from '../zh-CN/notices';

export const notices = {
  close: 'Dismiss notification',
} as const satisfies Translation<typeof zh>;
