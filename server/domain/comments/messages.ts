import * as zhCN from '../../../src/i18n/zh-CN';

export const commentMessages = zhCN.commentsServer;
