import * as zhCN from '../../../src/i18n/zh-CN';

export const notifyMessages = zhCN.notify.server;
