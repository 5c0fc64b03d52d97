import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { assertHour, isHour } from '../../../src/domain/shared/hour';

describe('isHour / assertHour', () => {
  it('accepts every integer hour 0..23', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), (hour) => {
        expect(isHour(hour)).toBe(true);
        expect(() => assertHour(hour)).not.toThrow();
      }),
    );
  });

  it('rejects out-of-range integers, fractions and non-finite values with a RangeError', () => {
    const invalid = fc.oneof(
      fc.integer({ max: -1 }),
      fc.integer({ min: 24 }),
      fc.double({ min: 0, max: 23, noNaN: true }).filter((x) => !Number.isInteger(x)),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
    );
    fc.assert(
      fc.property(invalid, (hour) => {
        expect(isHour(hour)).toBe(false);
        expect(() => assertHour(hour)).toThrow(RangeError);
      }),
    );
  });
});
