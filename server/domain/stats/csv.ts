/** UTF-8's byte order mark: Excel reads a CSV as UTF-8 (Chinese intact) only when it starts with it. */
export const UTF8_BOM = '\uFEFF';

/**
 * RFC 4180 text: every cell quoted when it holds a comma, quote, line break or leading/trailing space;
 * quotes doubled; CRLF line ends. A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR)
 * gets a leading apostrophe: search words and referrers are typed by strangers.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return UTF8_BOM + rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
