import { zhCN } from '../../../src/ui/i18n/zh-CN';

export const contentMessages = zhCN.contentServer;
