import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isTheme, oppositeTheme, parseStoredTheme } from '../../../src/domain/theme/theme';

describe('theme helpers', () => {
  it('parseStoredTheme keeps only light/dark', () => {
    expect(parseStoredTheme('light')).toBe('light');
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme(null)).toBeNull();
    expect(parseStoredTheme(undefined)).toBeNull();
    fc.assert(
      fc.property(
        fc.string().filter((s) => s !== 'light' && s !== 'dark'),
        (raw) => void expect(parseStoredTheme(raw)).toBeNull(),
      ),
    );
  });

  it('isTheme rejects non-strings', () => {
    fc.assert(fc.property(fc.anything().filter((v) => typeof v !== 'string'), (v) => !isTheme(v)));
  });

  it('oppositeTheme is an involution with no fixed point', () => {
    fc.assert(
      fc.property(fc.constantFrom('light' as const, 'dark' as const), (theme) => {
        expect(oppositeTheme(theme)).not.toBe(theme);
        expect(oppositeTheme(oppositeTheme(theme))).toBe(theme);
      }),
    );
  });
});
