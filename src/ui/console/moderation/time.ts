import { formatDateTime } from '../../features/content/format';

/** A stored time as the console shows it, in the reader's own time zone: 2026-05-01 20:05 (English May 1, 2026 20:05). */
export const formatTime = formatDateTime;

/** A time as a `datetime-local` field holds it (local, to the minute). */
export function localInputValue(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
