import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HEADER_TRANSPARENT_WITHIN_PX, nextHeaderState, type HeaderScrollState } from '../../../src/ui/hooks/useScroll';

const position = fc.integer({ min: 0, max: 10_000 });
const state = fc.record({ transparent: fc.boolean(), hidden: fc.boolean() });

describe('nextHeaderState', () => {
  it('is transparent exactly within 50 px of the top, and never hidden there', () => {
    fc.assert(
      fc.property(state, position, position, (previous, lastY, y) => {
        const next = nextHeaderState(previous, lastY, y);
        expect(next.transparent).toBe(y <= HEADER_TRANSPARENT_WITHIN_PX);
        if (next.transparent) expect(next.hidden).toBe(false);
      }),
    );
  });

  it('hides on the way down and shows on the way up', () => {
    const shown: HeaderScrollState = { transparent: false, hidden: false };
    expect(nextHeaderState(shown, 100, 300).hidden).toBe(true);
    expect(nextHeaderState({ transparent: false, hidden: true }, 300, 250).hidden).toBe(false);
  });

  it('keeps the previous object when nothing changes, so React skips the render', () => {
    fc.assert(
      fc.property(position, (y) => {
        const previous = nextHeaderState({ transparent: false, hidden: false }, y, y);
        expect(nextHeaderState(previous, y, y)).toBe(previous);
      }),
    );
  });
});
