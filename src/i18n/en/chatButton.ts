import type { Translation } from '../translation';
import type { chatButton as zh } from '../zh-CN/chatButton';

/** The chat button every page shows before the room's code loads. */
export const chatButton = {
  openRoom: 'Open chat',
} as const satisfies Translation<typeof zh>;
