import { localised } from '../language';

/** The chat button every page shows before the room's code loads. */
export const chatButton = localised('chatButton', {
  openRoom: '打开聊天室',
} as const);
