import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TAG_CLOUD_LEVELS, tagCloudLevel } from '../../../src/domain/content/facts';

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
