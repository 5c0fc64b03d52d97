import { zhCN } from '../../../src/ui/i18n/zh-CN';

/** The chat room's Chinese texts, from the one catalogue. */
export const chatMessages = zhCN.chat;
