import { SITE_LIMITS } from '../../../src/domain/console/site/siteLimits';
import { AppError } from '../errors';
import { checkedImage, checkedText, siteConsoleMessages as text } from './consoleFields';
import type { SiteConfig } from './site';

/** What the blogger sets in 网站设置: the configuration less what the site counts and stamps itself. */
export type SiteSettings = Omit<SiteConfig, 'viewCount' | 'updatedAt'>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The settings as they are stored: trimmed, within their limits, pictures uploaded here; else a 400 saying why. */
export function checkSiteSettings(input: SiteSettings): SiteSettings {
  const field = text.field;
  if (input.typedMottos.length > SITE_LIMITS.typedMottos) {
    throw new AppError('invalid', text.tooMany(field.typedMottos, SITE_LIMITS.typedMottos));
  }
  const typedMottos = input.typedMottos.map((motto) => checkedText(motto, field.typedMotto, SITE_LIMITS.typedMotto));
  if (typedMottos.includes('')) throw new AppError('invalid', text.emptyItem(field.typedMottos));
  const since = input.since.trim();
  if (!isCalendarDay(since)) throw new AppError('invalid', text.invalidDate);
  return {
    name: checkedText(input.name, field.name, SITE_LIMITS.name, true),
    author: checkedText(input.author, field.author, SITE_LIMITS.author, true),
    avatar: checkedImage(input.avatar, field.avatar),
    motto: checkedText(input.motto, field.motto, SITE_LIMITS.motto),
    typedMottos,
    notice: checkedText(input.notice, field.notice, SITE_LIMITS.notice),
    copyright: checkedText(input.copyright, field.copyright, SITE_LIMITS.copyright),
    filingNumber: checkedText(input.filingNumber, field.filingNumber, SITE_LIMITS.filingNumber),
    since,
  };
}
