/**
 * Compact display of a count: below 1000 the integer itself, from 1000 thousands
 * with one decimal and suffix `k`, from 10000 ten-thousands with one decimal and
 * suffix `w` (wan, ten thousand).
 *
 * Rounding: truncation toward zero, so a value never shows more than it is
 * (9999 -> "9.9k", never "10.0k"; 99999 -> "9.9w"). Fractional inputs are truncated
 * too. Negative, non-finite or unsafe (> Number.MAX_SAFE_INTEGER) inputs throw a
 * RangeError.
 *
 * Length: at most 5 characters below 10^6 ("99.9w"); one more character per
 * further power of ten ("999.9w" below 10^7, "9999.9w" below 10^8).
 */
export function compactCount(n: number): string {
  if (!Number.isFinite(n) || n < 0 || n > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(`count must be a finite number in 0..MAX_SAFE_INTEGER, got ${String(n)}`);
  }
  const count = Math.trunc(n);
  if (count < 1000) return String(count);
  if (count < 10_000) return withOneDecimal(count, 1000, 'k');
  return withOneDecimal(count, 10_000, 'w');
}

// Integer arithmetic avoids float artefacts such as 1.2000000000000002.
function withOneDecimal(count: number, unit: number, suffix: string): string {
  const tenths = Math.trunc(count / (unit / 10));
  return `${Math.trunc(tenths / 10)}.${tenths % 10}${suffix}`;
}
