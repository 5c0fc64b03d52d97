import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { themeForHour } from '../../../src/domain/theme/themeByHour';

describe('themeForHour', () => {
  it('is light exactly for hours 8..18 inclusive', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), (hour) => {
        expect(themeForHour(hour)).toBe(hour >= 8 && hour <= 18 ? 'light' : 'dark');
      }),
    );
  });

  it('has 11 light hours and switches at 8 and 19', () => {
    const themes = Array.from({ length: 24 }, (_, hour) => themeForHour(hour));
    expect(themes.filter((t) => t === 'light')).toHaveLength(11);
    expect([themeForHour(7), themeForHour(8), themeForHour(18), themeForHour(19)]).toEqual([
      'dark',
      'light',
      'light',
      'dark',
    ]);
    expect(themeForHour(0)).toBe('dark');
    expect(themeForHour(23)).toBe('dark');
  });

  it('throws a RangeError for invalid hours', () => {
    const invalid = fc.oneof(
      fc.integer({ max: -1 }),
      fc.integer({ min: 24 }),
      fc.double({ min: 0, max: 23, noNaN: true }).filter((x) => !Number.isInteger(x)),
      fc.constant(Number.NaN),
    );
    fc.assert(fc.property(invalid, (hour) => void expect(() => themeForHour(hour)).toThrow(RangeError)));
  });
});
