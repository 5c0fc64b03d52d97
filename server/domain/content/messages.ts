import * as zhCN from '../../../src/i18n/zh-CN';

export const contentMessages = zhCN.contentServer;
