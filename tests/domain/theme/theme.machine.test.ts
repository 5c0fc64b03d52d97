import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import type { Theme } from '../../../src/domain/theme/theme';
import type { ThemeEmitted, ThemeEvent, ThemeInput } from '../../../src/domain/theme/theme.machine';
import { themeMachine } from '../../../src/domain/theme/theme.machine';
import { themeForHour } from '../../../src/domain/theme/themeByHour';

function start(input: ThemeInput) {
  const actor = createActor(themeMachine, { input });
  const emitted: ThemeEmitted[] = [];
  actor.on('theme.changed', (event) => {
    emitted.push(event);
  });
  actor.start();
  return { actor, emitted };
}

const themeArb = fc.constantFrom<Theme>('light', 'dark');
const hourArb = fc.integer({ min: 0, max: 23 });

describe('themeMachine start-up', () => {
  it('uses the stored theme over the clock', () => {
    const { actor, emitted } = start({ stored: 'light', hour: 2 });
    expect(actor.getSnapshot().value).toBe('light');
    expect(emitted).toEqual([{ type: 'theme.changed', theme: 'light', persist: false }]);
  });

  it('follows the clock when nothing is stored, without persisting', () => {
    const night = start({ stored: null, hour: 3 });
    expect(night.actor.getSnapshot().value).toBe('dark');
    expect(night.emitted).toEqual([{ type: 'theme.changed', theme: 'dark', persist: false }]);

    const day = start({ stored: null, hour: 12 });
    expect(day.actor.getSnapshot().value).toBe('light');
    expect(day.emitted).toEqual([{ type: 'theme.changed', theme: 'light', persist: false }]);
  });

  it('starts in stored ?? themeForHour(hour) and announces it exactly once', () => {
    fc.assert(
      fc.property(fc.option(themeArb, { nil: null }), hourArb, (stored, hour) => {
        const expected = stored ?? themeForHour(hour);
        const { actor, emitted } = start({ stored, hour });
        expect(actor.getSnapshot().value).toBe(expected);
        expect(actor.getSnapshot().context).toEqual({ theme: expected, persist: false });
        expect(emitted).toEqual([{ type: 'theme.changed', theme: expected, persist: false }]);
        actor.stop();
      }),
    );
  });
});

describe('themeMachine changes', () => {
  it('toggles back and forth, persisting each user change', () => {
    const { actor, emitted } = start({ stored: null, hour: 22 });
    actor.send({ type: 'theme.toggle' });
    expect(actor.getSnapshot().value).toBe('light');
    actor.send({ type: 'theme.toggle' });
    expect(actor.getSnapshot().value).toBe('dark');
    expect(emitted).toEqual([
      { type: 'theme.changed', theme: 'dark', persist: false },
      { type: 'theme.changed', theme: 'light', persist: true },
      { type: 'theme.changed', theme: 'dark', persist: true },
    ]);
  });

  it('theme.set switches to the requested theme', () => {
    const { actor, emitted } = start({ stored: 'dark', hour: 12 });
    actor.send({ type: 'theme.set', theme: 'light' });
    expect(actor.getSnapshot().value).toBe('light');
    expect(emitted.at(-1)).toEqual({ type: 'theme.changed', theme: 'light', persist: true });
    expect(emitted).toHaveLength(2);
  });

  it('theme.set to the current, already persisted theme emits nothing', () => {
    const { actor, emitted } = start({ stored: 'dark', hour: 12 });
    actor.send({ type: 'theme.toggle' });
    actor.send({ type: 'theme.set', theme: 'light' });
    expect(actor.getSnapshot().value).toBe('light');
    expect(emitted).toHaveLength(2);
  });

  it('theme.set to the current automatic theme pins it (persist: true) without a state change', () => {
    const { actor, emitted } = start({ stored: null, hour: 10 });
    actor.send({ type: 'theme.set', theme: 'light' });
    expect(actor.getSnapshot().value).toBe('light');
    expect(actor.getSnapshot().context.persist).toBe(true);
    expect(emitted).toEqual([
      { type: 'theme.changed', theme: 'light', persist: false },
      { type: 'theme.changed', theme: 'light', persist: true },
    ]);
    actor.send({ type: 'theme.set', theme: 'light' });
    expect(emitted).toHaveLength(2);
  });

  it('matches a simple model for any event sequence', () => {
    const eventArb: fc.Arbitrary<ThemeEvent> = fc.oneof(
      fc.constant({ type: 'theme.toggle' as const }),
      themeArb.map((theme) => ({ type: 'theme.set' as const, theme })),
    );
    fc.assert(
      fc.property(fc.option(themeArb, { nil: null }), hourArb, fc.array(eventArb, { maxLength: 25 }), (stored, hour, events) => {
        const { actor, emitted } = start({ stored, hour });
        let theme: Theme = stored ?? themeForHour(hour);
        let persisted = false;
        const expected: ThemeEmitted[] = [{ type: 'theme.changed', theme, persist: false }];
        for (const event of events) {
          actor.send(event);
          const next: Theme = event.type === 'theme.toggle' ? (theme === 'light' ? 'dark' : 'light') : event.theme;
          if (next !== theme || !persisted) {
            theme = next;
            persisted = true;
            expected.push({ type: 'theme.changed', theme, persist: true });
          }
          expect(actor.getSnapshot().value).toBe(theme);
        }
        expect(emitted).toEqual(expected);
        actor.stop();
      }),
    );
  });
});
