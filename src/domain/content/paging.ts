/** Number of pages for `total` items, never below 1 so an empty list still has "page 1 of 1". */
export function pageCount(total: number, size: number): number {
  if (size <= 0) throw new RangeError(`page size must be positive, got ${String(size)}`);
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

export type PageItem = number | 'gap';

/**
 * The page buttons of a pager: always the first and the last page, the current one with `radius`
 * neighbours on each side, and a gap wherever pages are skipped. A gap never stands for a single
 * page (that page is shown instead), so the list is at most `2 * radius + 5` items long.
 */
export function pageItems(current: number, count: number, radius = 1): PageItem[] {
  const last = Math.max(1, count);
  const at = Math.min(Math.max(1, current), last);
  const shown = new Set<number>([1, last]);
  for (let page = at - radius; page <= at + radius; page += 1) if (page >= 1 && page <= last) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(page - 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}

/** Reads a positive page number from a query string value, falling back to 1. */
export function parsePage(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Reads a positive integer id from a query string value, or null when there is none. */
export function parseId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return id >= 1 ? id : null;
}
