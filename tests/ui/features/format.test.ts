import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installLocaliser, type Localiser } from '../../../src/i18n/language';
import { formatDate, formatMonthDay } from '../../../src/ui/features/content/format';

const english: Localiser = { language: () => 'en', area: (_name, zh) => zh };
const LOCALISER = Symbol.for('tingyu.localiser');

describe('English dates', () => {
  beforeAll(() => installLocaliser(english));
  afterAll(() => delete (globalThis as Record<symbol, unknown>)[LOCALISER]);

  it('name the month as Intl does for en-US, without asking Intl', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short' });
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (date) => {
        const month = intl.format(date);
        expect(formatDate(date.toISOString())).toBe(`${month} ${date.getDate()}, ${date.getFullYear()}`);
        expect(formatMonthDay(date.toISOString())).toBe(`${month} ${date.getDate()}`);
      }),
    );
  });
});
