import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { RelativeTimeUnit } from '../../../src/domain/shared/relativeTime';
import { relativeTime } from '../../../src/domain/shared/relativeTime';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const UNIT_MS: Record<RelativeTimeUnit, number> = { second: S, minute: M, hour: H, day: D };

describe('relativeTime', () => {
  it.each([
    [0, 0, 'second'],
    [999, 0, 'second'],
    [59_999, 59, 'second'],
    [60_000, 1, 'minute'],
    [H - 1, 59, 'minute'],
    [H, 1, 'hour'],
    [D - 1, 23, 'hour'],
    [D, 1, 'day'],
    [45 * D + 5 * H, 45, 'day'],
  ])('%d ms → %d %s', (ms, value, unit) => {
    expect(relativeTime(ms)).toEqual({ value, unit });
  });

  it('picks the unit by the 60 s / 60 min / 24 h boundaries', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 * D }), (ms) => {
        const expected: RelativeTimeUnit = ms < M ? 'second' : ms < H ? 'minute' : ms < D ? 'hour' : 'day';
        expect(relativeTime(ms).unit).toBe(expected);
      }),
    );
  });

  it('floors the value within its unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (ms) => {
        const { value, unit } = relativeTime(ms);
        expect(Number.isInteger(value)).toBe(true);
        expect(value * UNIT_MS[unit]).toBeLessThanOrEqual(ms);
        expect(ms).toBeLessThan((value + 1) * UNIT_MS[unit]);
      }),
    );
  });

  it('stays within the unit limits (< 60 s, < 60 min, < 24 h, >= 1 for bigger units)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (ms) => {
        const { value, unit } = relativeTime(ms);
        if (unit === 'second') expect(value).toBeLessThan(60);
        if (unit === 'minute') expect(value).toBeLessThan(60);
        if (unit === 'hour') expect(value).toBeLessThan(24);
        if (unit !== 'second') expect(value).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('clamps negative elapsed time to 0 seconds', () => {
    fc.assert(
      fc.property(fc.double({ max: -Number.MIN_VALUE, min: -1e15, noNaN: true }), (ms) => {
        expect(relativeTime(ms)).toEqual({ value: 0, unit: 'second' });
      }),
    );
  });

  it('rejects NaN and infinities', () => {
    expect(() => relativeTime(Number.NaN)).toThrow(RangeError);
    expect(() => relativeTime(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
