import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compactCount } from '../../../src/domain/shared/compactCount';
import { LANGUAGES, type Language } from '../../../src/domain/shared/language';

/** What each suffix multiplies by. */
const UNITS: Record<string, number> = { k: 1000, w: 10_000, M: 1_000_000 };

// Reads a compact string back into the (truncated) number it represents.
function parse(text: string): number {
  const match = /^(\d+)(?:\.(\d))?([kwM])?$/.exec(text);
  if (!match) throw new Error(`unparseable: ${text}`);
  const [, whole = '', tenth = '0', suffix] = match;
  return suffix ? ((Number(whole) * 10 + Number(tenth)) * UNITS[suffix]!) / 10 : Number(whole);
}

/** The displayed step of a count: what truncation may lose, less than one of. */
function stepOf(n: number, language: Language): number {
  if (n < 1000) return 1;
  const big = language === 'en' ? 1_000_000 : 10_000;
  return n < big ? 100 : big / 10;
}

const SAFE_MAX = Number.MAX_SAFE_INTEGER;
const language = fc.constantFrom(...LANGUAGES);

describe('compactCount', () => {
  it.each([
    [0, '0', '0'],
    [7, '7', '7'],
    [999, '999', '999'],
    [1000, '1.0k', '1.0k'],
    [1234, '1.2k', '1.2k'],
    [1299, '1.2k', '1.2k'],
    [9999, '9.9k', '9.9k'],
    [10000, '1.0w', '10.0k'],
    [12345, '1.2w', '12.3k'],
    [99999, '9.9w', '99.9k'],
    [100000, '10.0w', '100.0k'],
    [999999, '99.9w', '999.9k'],
    [1_000_000, '100.0w', '1.0M'],
    [1_234_567, '123.4w', '1.2M'],
    [9_999_999, '999.9w', '9.9M'],
    [12_345_678, '1234.5w', '12.3M'],
  ])('%d → %s in Chinese, %s in English', (n, chinese, english) => {
    expect(compactCount(n, 'zh-CN')).toBe(chinese);
    expect(compactCount(n, 'en')).toBe(english);
  });

  it('prints counts below 1000 as the integer itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        language,
        (n, lang) => void expect(compactCount(n, lang)).toBe(String(n)),
      ),
    );
  });

  it('uses k from 1000, then w from 10000 in Chinese and M from a million in English, always with one decimal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        language,
        (n, lang) => void expect(compactCount(n, lang)).toMatch(/^\d\.\dk$/),
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: SAFE_MAX }),
        (n) => void expect(compactCount(n, 'zh-CN')).toMatch(/^\d+\.\dw$/),
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 999_999 }),
        (n) => void expect(compactCount(n, 'en')).toMatch(/^\d{1,3}\.\dk$/),
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000_000, max: SAFE_MAX }),
        (n) => void expect(compactCount(n, 'en')).toMatch(/^\d+\.\dM$/),
      ),
    );
  });

  it('stays short: 5 characters below 10^6 in Chinese (7 below 10^8), 6 in English (below 10^9 too)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => compactCount(n, 'zh-CN').length <= 5));
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (n) => compactCount(n, 'zh-CN').length <= 7));
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => compactCount(n, 'en').length <= 6));
  });

  it('truncates toward zero: never overstates, and loses less than one displayed step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SAFE_MAX }), language, (n, lang) => {
        const shown = parse(compactCount(n, lang));
        expect(shown).toBeLessThanOrEqual(n);
        expect(n - shown).toBeLessThan(stepOf(n, lang));
      }),
    );
  });

  it('is monotone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: SAFE_MAX }),
        fc.integer({ min: 0, max: SAFE_MAX }),
        language,
        (a, b, lang) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(parse(compactCount(lo, lang))).toBeLessThanOrEqual(parse(compactCount(hi, lang)));
        },
      ),
    );
  });

  it('truncates fractional counts', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), language, (x, lang) => {
        expect(compactCount(x, lang)).toBe(compactCount(Math.trunc(x), lang));
      }),
    );
  });

  it('rejects negative, non-finite and unsafe counts with a RangeError', () => {
    const invalid = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ max: -Number.MIN_VALUE, noNaN: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, SAFE_MAX + 2),
    );
    fc.assert(
      fc.property(invalid, language, (n, lang) => void expect(() => compactCount(n, lang)).toThrow(RangeError)),
    );
  });
});
