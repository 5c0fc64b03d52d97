import * as zhCN from '../../../src/i18n/zh-CN';

/** The chat room's Chinese texts, from the one catalogue. */
export const chatMessages = zhCN.chat;
