import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runningDays, TAG_CLOUD_LEVELS, tagCloudLevel } from '../../../src/domain/content/facts';

describe('runningDays', () => {
  it('counts whole days since the start and never goes negative', () => {
    const since = '2024-01-01T00:00:00.000Z';
    expect(runningDays(since, Date.parse('2024-01-11T12:00:00.000Z'))).toBe(10);
    expect(runningDays(since, Date.parse('2023-12-01T00:00:00.000Z'))).toBe(0);
    expect(runningDays('not a date', 0)).toBeNull();
  });
});

describe('tagCloudLevel', () => {
  it('stays within the levels and grows with the count', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.nat(500), fc.nat(500), (a, b, lo, span) => {
        const min = lo;
        const max = lo + span;
        const x = Math.min(a, b) + min;
        const y = Math.max(a, b) + min;
        const lx = tagCloudLevel(x, min, max);
        const ly = tagCloudLevel(y, min, max);
        expect(lx).toBeGreaterThanOrEqual(1);
        expect(ly).toBeLessThanOrEqual(TAG_CLOUD_LEVELS);
        expect(lx).toBeLessThanOrEqual(ly);
      }),
    );
    expect(tagCloudLevel(1, 1, 20)).toBe(1);
    expect(tagCloudLevel(20, 1, 20)).toBe(TAG_CLOUD_LEVELS);
  });
});
