import * as zhCN from '../../../src/i18n/zh-CN';
import { isImageAddress, isWebAddress } from '../content/showcase';
import { AppError } from '../errors';

/** Refusals of the console's site calls. */
export const siteConsoleMessages = zhCN.consoleSite.server;
const text = siteConsoleMessages;

/** Characters as a reader counts them (a Chinese character or an emoji is one). */
function length(value: string): number {
  return Array.from(value).length;
}

/** A field's text, trimmed: at most `max` characters, and not empty when `required`. */
export function checkedText(value: string, field: string, max: number, required = false): string {
  const trimmed = value.trim();
  if (required && trimmed === '') throw new AppError('invalid', text.required(field));
  if (length(trimmed) > max) throw new AppError('invalid', text.tooLong(field, max));
  return trimmed;
}

/** An uploaded picture of this site ('' for none): the pages' CSP shows no other. */
export function checkedImage(value: string, field: string): string {
  const trimmed = value.trim();
  if (trimmed !== '' && !isImageAddress(trimmed)) throw new AppError('invalid', text.invalidImage(field));
  return trimmed;
}

/** An http(s) address, required. */
export function checkedWebAddress(value: string, field: string, max: number): string {
  const trimmed = checkedText(value, field, max, true);
  if (!isWebAddress(trimmed)) throw new AppError('invalid', text.invalidUrl(field));
  return trimmed;
}
