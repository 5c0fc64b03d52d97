import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceTyping, caretShown, TYPING_START, typingDelay, type TypingState } from '../../../src/ui/hooks/useTypewriter';

/** Every state of one text's cycle, from the start to the first state of the next text, with its delay. */
function cycle(textLength: number, count: number): { state: TypingState; delay: number }[] {
  const steps: { state: TypingState; delay: number }[] = [];
  let state = TYPING_START;
  do {
    steps.push({ state, delay: typingDelay(state, textLength) });
    state = advanceTyping(state, textLength, count);
  } while ((state.erasing || state.length > 0) && steps.length < 10_000);
  steps.push({ state, delay: typingDelay(state, textLength) });
  return steps;
}

describe('the typewriter’s steps', () => {
  it('types a text letter by letter, holds it 2 s with the caret blinking, erases it and goes on to the next', () => {
    const steps = cycle(3, 2);
    expect(steps.map(({ state }) => `${state.erasing ? '-' : '+'}${state.length}`).join(' ')).toBe(
      '+0 +1 +2 +3 +3 +3 +3 -3 -2 -1 -0 +0',
    );
    const held = steps.filter(({ state }) => !state.erasing && state.length === 3);
    expect(held.reduce((sum, { delay }) => sum + delay, 0)).toBe(2000);
    expect(held.map(({ state }) => caretShown(state, 3))).toEqual([true, false, true, false]);
    expect(steps.at(-1)!.state).toEqual({ ...TYPING_START, index: 1 });
  });

  it('keeps the caret standing while letters come and go, and the typed length within the text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 5 }), (textLength, count) => {
        const steps = cycle(textLength, count);
        for (const { state } of steps) {
          expect(state.length).toBeGreaterThanOrEqual(0);
          expect(state.length).toBeLessThanOrEqual(textLength);
          if (state.erasing || state.length < textLength) expect(caretShown(state, textLength)).toBe(true);
        }
        expect(steps.at(-1)!.state.index).toBe(1 % count);
        // Each letter typed once and erased once, the hold in four blinks, the step to the next text.
        expect(steps.length).toBe(2 * textLength + 4 + 2);
      }),
    );
  });
});
