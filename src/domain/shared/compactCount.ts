import type { Language } from './language';

/**
 * Compact display of a count: below 1000 the integer itself, from 1000 thousands with one decimal and
 * suffix `k`; then, in Chinese, from 10000 ten-thousands with suffix `w` (wan, ten thousand), in English,
 * from a million millions with suffix `M` (12.3k, 1.2M).
 *
 * Rounding: truncation toward zero, so a value never shows more than it is
 * (9999 -> "9.9k", never "10.0k"; 99999 -> "9.9w"; 999999 -> "999.9k"). Fractional inputs are truncated
 * too. Negative, non-finite or unsafe (> Number.MAX_SAFE_INTEGER) inputs throw a RangeError.
 *
 * Length: at most 5 characters below 10^6 in Chinese ("99.9w"), 6 in English ("999.9k"); one more character
 * per further power of ten.
 */
export function compactCount(n: number, language: Language): string {
  if (!Number.isFinite(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`count must be a finite number in 0..MAX_SAFE_INTEGER, got ${String(n)}`);
  }
  const count = Math.trunc(n);
  if (count < 1000) return String(count);
  const [big, suffix] = language === 'en' ? [1_000_000, 'M'] : [10_000, 'w'];
  if (count < big) return withOneDecimal(count, 1000, 'k');
  return withOneDecimal(count, big, suffix);
}

// Integer arithmetic avoids float artefacts such as 1.2000000000000002.
function withOneDecimal(count: number, unit: number, suffix: string): string {
  const tenths = Math.trunc(count / (unit / 10));
  return `${Math.trunc(tenths / 10)}.${tenths % 10}${suffix}`;
}
