import { compactCount } from '../../../domain/shared/compactCount';
import { currentLanguage } from '../../../i18n/language';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * English month names (`Mar`), as `Intl.DateTimeFormat('en-US', { month: 'short' })` writes them. A list, not
 * Intl: the first formatter a page creates loads the locale's data, which a profile of the start-up (CPU 4×
 * slower) found in the middle of hydrating the first date (docs/benchmarks.md, Before the app).
 */
const ENGLISH_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthOf = (date: Date) => ENGLISH_MONTHS[date.getMonth()]!;

function readable(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `2024-03-05` (English: `Mar 5, 2024`) in the reader's time zone; '' for a date that cannot be read. */
export function formatDate(iso: string): string {
  const date = readable(iso);
  if (!date) return '';
  return currentLanguage() === 'en'
    ? `${monthOf(date)} ${date.getDate()}, ${date.getFullYear()}`
    : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `03-05` (English: `Mar 5`) for the timeline, where the year is the heading. */
export function formatMonthDay(iso: string): string {
  const date = readable(iso);
  if (!date) return '';
  return currentLanguage() === 'en'
    ? `${monthOf(date)} ${date.getDate()}`
    : `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A count in the interface's language: 12.3k, 1.2w (English 1.2M). */
export function formatCount(n: number): string {
  return compactCount(n, currentLanguage());
}

/** `14:08`. */
export function formatClock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `2024-03-05 14:08` (English: `Mar 5, 2024 14:08`). */
export function formatDateTime(iso: string): string {
  const date = readable(iso);
  return date ? `${formatDate(iso)} ${formatClock(date)}` : '';
}

/** Only web addresses and site media become links or image sources. */
export function safeUrl(url: string): string | undefined {
  return /^(https?:\/\/|\/media\/|\/)/i.test(url.trim()) && !url.trim().startsWith('//') ? url.trim() : undefined;
}
