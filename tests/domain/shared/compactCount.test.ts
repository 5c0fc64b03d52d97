import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compactCount } from '../../../src/domain/shared/compactCount';

// Reads a compact string back into the (truncated) number it represents.
function parse(text: string): number {
  const match = /^(\d+)(?:\.(\d))?([kw])?$/.exec(text);
  if (!match) throw new Error(`unparseable: ${text}`);
  const [, whole = '', tenth = '0', suffix] = match;
  const tenths = Number(whole) * 10 + Number(tenth);
  if (suffix === 'k') return tenths * 100;
  if (suffix === 'w') return tenths * 1000;
  return Number(whole);
}

const SAFE_MAX = Number.MAX_SAFE_INTEGER;

describe('compactCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.0k'],
    [1234, '1.2k'],
    [1299, '1.2k'],
    [9999, '9.9k'],
    [10000, '1.0w'],
    [12345, '1.2w'],
    [99999, '9.9w'],
    [100000, '10.0w'],
    [999999, '99.9w'],
    [9_999_999, '999.9w'],
    [12_345_678, '1234.5w'],
  ])('%d → %s', (n, expected) => {
    expect(compactCount(n)).toBe(expected);
  });

  it('prints counts below 1000 as the integer itself', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999 }), (n) => void expect(compactCount(n)).toBe(String(n))));
  });

  it('uses k from 1000 and w from 10000, always with one decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), (n) => void expect(compactCount(n)).toMatch(/^\d\.\dk$/)),
    );
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: SAFE_MAX }), (n) => void expect(compactCount(n)).toMatch(/^\d+\.\dw$/)),
    );
  });

  it('never exceeds 5 characters below 10^6 (and 7 below 10^8)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => compactCount(n).length <= 5));
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => compactCount(n).length <= 7));
  });

  it('truncates toward zero: never overstates, and loses less than one displayed step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SAFE_MAX }), (n) => {
        const shown = parse(compactCount(n));
        const step = n < 1000 ? 1 : n < 10_000 ? 100 : 1000;
        expect(shown).toBeLessThanOrEqual(n);
        expect(n - shown).toBeLessThan(step);
      }),
    );
  });

  it('is monotone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SAFE_MAX }), fc.integer({ min: 0, max: SAFE_MAX }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(parse(compactCount(lo))).toBeLessThanOrEqual(parse(compactCount(hi)));
      }),
    );
  });

  it('truncates fractional counts', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (x) => {
        expect(compactCount(x)).toBe(compactCount(Math.trunc(x)));
      }),
    );
  });

  it('rejects negative, non-finite and unsafe counts with a RangeError', () => {
    const invalid = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, SAFE_MAX + 2),
    );
    fc.assert(fc.property(invalid, (n) => void expect(() => compactCount(n)).toThrow(RangeError)));
  });
});
