import * as zhCN from '../../src/i18n/zh-CN';

/** Server-side texts come from the one UI catalogue so the client and the server say the same thing. */
export const messages = zhCN.server;
