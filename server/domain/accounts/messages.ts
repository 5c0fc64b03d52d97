import * as zhCN from '../../../src/i18n/zh-CN';
import type { ValidationKey } from '../../../src/domain/account/validation';

export const accountMessages = zhCN.account.server;
export const twoStepMessages = zhCN.twoStep.server;

export function validationMessage(key: ValidationKey): string {
  return zhCN.validation[key];
}
