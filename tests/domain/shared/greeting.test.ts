import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { GreetingPeriod } from '../../../src/domain/shared/greeting';
import { greetingFor, greetingPeriod } from '../../../src/domain/shared/greeting';

// Independent statement of the spec ranges (inclusive).
const RANGES: readonly [GreetingPeriod, number, number][] = [
  ['earlyHours', 0, 4],
  ['morning', 5, 8],
  ['forenoon', 9, 11],
  ['noon', 12, 13],
  ['afternoon', 14, 17],
  ['evening', 18, 19],
  ['night', 20, 21],
  ['lateNight', 22, 23],
];

const hourArb = fc.integer({ min: 0, max: 23 });

describe('greetingPeriod', () => {
  it('maps each hour to exactly the one range that contains it', () => {
    fc.assert(
      fc.property(hourArb, (hour) => {
        const containing = RANGES.filter(([, from, to]) => hour >= from && hour <= to);
        expect(containing).toHaveLength(1);
        expect(greetingPeriod(hour)).toBe(containing[0]?.[0]);
      }),
    );
  });

  it('covers all 24 hours and uses every period with the specified number of hours', () => {
    const counts = new Map<GreetingPeriod, number>();
    for (let hour = 0; hour < 24; hour++) {
      const period = greetingPeriod(hour);
      counts.set(period, (counts.get(period) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({
      earlyHours: 5,
      morning: 4,
      forenoon: 3,
      noon: 2,
      afternoon: 4,
      evening: 2,
      night: 2,
      lateNight: 2,
    });
  });

  it('changes period exactly at the range boundaries', () => {
    const changes: number[] = [];
    for (let hour = 1; hour < 24; hour++) {
      if (greetingPeriod(hour) !== greetingPeriod(hour - 1)) changes.push(hour);
    }
    expect(changes).toEqual([5, 9, 12, 14, 18, 20, 22]);
  });

  it('spot-checks the edges', () => {
    expect(greetingPeriod(0)).toBe('earlyHours');
    expect(greetingPeriod(4)).toBe('earlyHours');
    expect(greetingPeriod(8)).toBe('morning');
    expect(greetingPeriod(11)).toBe('forenoon');
    expect(greetingPeriod(13)).toBe('noon');
    expect(greetingPeriod(17)).toBe('afternoon');
    expect(greetingPeriod(19)).toBe('evening');
    expect(greetingPeriod(21)).toBe('night');
    expect(greetingPeriod(23)).toBe('lateNight');
  });

  it('throws a RangeError for hours outside 0..23 or non-integers', () => {
    const invalid = fc.oneof(
      fc.integer({ max: -1 }),
      fc.integer({ min: 24 }),
      fc.double({ min: -100, max: 100, noNaN: true }).filter((x) => !Number.isInteger(x)),
      fc.constant(Number.NaN),
    );
    fc.assert(fc.property(invalid, (hour) => void expect(() => greetingPeriod(hour)).toThrow(RangeError)));
  });
});

describe('greetingFor', () => {
  const nameArb = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');

  it('uses the special greeting for user id 3, with or without a name', () => {
    fc.assert(
      fc.property(hourArb, fc.option(nameArb, { nil: undefined }), (hour, userName) => {
        const greeting = greetingFor({ hour, userName, userId: 3 });
        expect(greeting.audience).toBe('special');
        expect(greeting.period).toBe(greetingPeriod(hour));
        expect(greeting.userName).toBe(userName?.trim());
      }),
    );
  });

  it('greets any other known user by name', () => {
    const otherId = fc.option(
      fc.integer().filter((id) => id !== 3),
      { nil: null },
    );
    fc.assert(
      fc.property(hourArb, nameArb, otherId, (hour, userName, userId) => {
        expect(greetingFor({ hour, userName, userId })).toEqual({
          period: greetingPeriod(hour),
          audience: 'named',
          userName: userName.trim(),
        });
      }),
    );
  });

  it('is anonymous (personal-blog welcome) without a usable name', () => {
    fc.assert(
      fc.property(hourArb, fc.constantFrom(undefined, null, '', '   ', '\t'), (hour, userName) => {
        expect(greetingFor({ hour, userName })).toEqual({ period: greetingPeriod(hour), audience: 'anonymous' });
      }),
    );
  });

  it('concrete example', () => {
    expect(greetingFor({ hour: 7, userName: 'Tingyu', userId: 12 })).toEqual({
      period: 'morning',
      audience: 'named',
      userName: 'Tingyu',
    });
  });

  it('rejects an invalid hour', () => {
    expect(() => greetingFor({ hour: 24, userName: 'a' })).toThrow(RangeError);
  });
});
