import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextSubmenuMode, type SubmenuEvent, type SubmenuMode } from '../../../src/ui/shell/submenuMode';

const run = (events: SubmenuEvent[], from: SubmenuMode = 'closed') => events.reduce(nextSubmenuMode, from);
const EVENTS: SubmenuEvent[] = ['pointer.enter', 'pointer.leave', 'trigger.toggle', 'key.open', 'dismiss'];

describe('nextSubmenuMode', () => {
  it('a hover opens it and the click that follows keeps it open (the pointer first enters, then clicks)', () => {
    expect(run(['pointer.enter'])).toBe('hover');
    expect(run(['pointer.enter', 'trigger.toggle'])).toBe('pinned');
    expect(run(['pointer.enter', 'trigger.toggle', 'pointer.leave'])).toBe('pinned');
  });

  it('a second click closes it, and the pointer still resting there does not reopen it', () => {
    expect(run(['pointer.enter', 'trigger.toggle', 'trigger.toggle'])).toBe('closed');
    expect(run(['pointer.enter', 'trigger.toggle', 'trigger.toggle', 'pointer.leave'])).toBe('closed');
  });

  it('opened by the hover alone, it closes when the pointer leaves', () => {
    expect(run(['pointer.enter', 'pointer.leave'])).toBe('closed');
  });

  it('the keyboard opens it whatever it was, and dismissing always closes it', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...EVENTS)), (events) => {
        expect(run([...events, 'key.open'])).toBe('pinned');
        expect(run([...events, 'dismiss'])).toBe('closed');
      }),
    );
  });

  it('pointer movement alone never pins it, and never closes what a click or a key opened', () => {
    const pointer = fc.array(fc.constantFrom<SubmenuEvent>('pointer.enter', 'pointer.leave'));
    fc.assert(
      fc.property(pointer, (events) => {
        expect(run(events)).not.toBe('pinned');
        expect(run(events, 'pinned')).toBe('pinned');
      }),
    );
  });
});
