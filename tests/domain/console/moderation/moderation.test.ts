import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMuteUntil, MUTE_MAX_DAYS } from '../../../../src/domain/console/moderation/moderation';

const DAY = 86_400_000;

describe('a chosen end of a mute', () => {
  it('must be readable, in the future and at most thirty days away', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 42 }), fc.integer({ min: -2 * DAY, max: (MUTE_MAX_DAYS + 2) * DAY }), (now, ahead) => {
        const problem = checkMuteUntil(now + ahead, now);
        expect(problem).toBe(ahead <= 0 ? 'past' : ahead > MUTE_MAX_DAYS * DAY ? 'tooLong' : null);
      }),
    );
    expect(checkMuteUntil(Number.NaN, 0)).toBe('invalid');
    expect(checkMuteUntil(MUTE_MAX_DAYS * DAY, 0)).toBeNull();
  });
});
