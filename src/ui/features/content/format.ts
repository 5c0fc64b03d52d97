const pad = (n: number) => String(n).padStart(2, '0');

/** `2024-03-05` in the reader's time zone; '' for a date that cannot be read. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `03-05` for the timeline, where the year is the heading. */
export function formatMonthDay(iso: string): string {
  return formatDate(iso).slice(5);
}

/** `2024-03-05 14:08`. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(iso)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Only web addresses and site media become links or image sources. */
export function safeUrl(url: string): string | undefined {
  return /^(https?:\/\/|\/media\/|\/)/i.test(url.trim()) && !url.trim().startsWith('//') ? url.trim() : undefined;
}
