import * as zhCN from '../../../src/i18n/zh-CN';

/** The moderation calls' Chinese texts, from the one catalogue. */
export const moderationMessages = zhCN.consoleModeration.server;
