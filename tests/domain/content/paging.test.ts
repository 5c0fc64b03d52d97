import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageCount, pageItems, parseId, parsePage } from '../../../src/domain/content/paging';

describe('pageCount', () => {
  it('covers every item and has at least one page', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 999 }), (total, size) => {
        const pages = pageCount(total, size);
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages * size).toBeGreaterThanOrEqual(total);
        if (total > 0) expect((pages - 1) * size).toBeLessThan(total);
      }),
    );
  });
});

describe('pageItems', () => {
  it('shows the first, last and current page in order, with gaps that always skip two or more pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: -5, max: 210 }), (count, current) => {
        const items = pageItems(current, count);
        const pages = items.filter((i): i is number => i !== 'gap');
        const at = Math.min(Math.max(1, current), count);
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(count);
        expect(pages).toContain(at);
        expect(items.length).toBeLessThanOrEqual(7);
        for (let i = 1; i < items.length; i += 1) {
          const before = items[i - 1]!;
          const here = items[i];
          if (here === 'gap') {
            expect(before).not.toBe('gap');
            const after = items[i + 1] as number;
            expect(after - (before as number)).toBeGreaterThan(2);
          } else if (before !== 'gap') {
            expect(here).toBe(before + 1);
          }
        }
      }),
    );
  });

  it('lays out a long pager around the current page', () => {
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('query parameters', () => {
  it('reads pages and ids, refusing anything that is not a positive integer', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('1.5')).toBe(1);
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeNull();
    expect(parseId('abc')).toBeNull();
    expect(parseId('1e3')).toBeNull();
    expect(parseId(null)).toBeNull();
  });
});
