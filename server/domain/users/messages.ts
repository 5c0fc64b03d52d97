import * as zhCN from '../../../src/i18n/zh-CN';

/** The user and notice calls' Chinese texts, from the one catalogue. */
export const usersMessages = zhCN.consoleUsers.server;
