import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import {
  CODE_THEMES,
  DEFAULT_PREFERENCES,
  PREVIEW_THEMES,
  restorePreferences,
  type Preferences,
} from '../../../src/domain/preferences/preferences';
import { preferencesMachine } from '../../../src/domain/preferences/preferences.machine';

const validPreferences = fc.record({
  previewTheme: fc.constantFrom(...PREVIEW_THEMES),
  codeTheme: fc.constantFrom(...CODE_THEMES),
  messageCards: fc.boolean(),
});

describe('restorePreferences', () => {
  it('keeps every valid stored choice as it was', () => {
    fc.assert(
      fc.property(validPreferences, (stored) => {
        expect(restorePreferences(stored)).toEqual(stored);
      }),
    );
  });

  it('falls back to the defaults field by field for anything invalid', () => {
    fc.assert(
      fc.property(fc.anything(), (stored) => {
        const restored = restorePreferences(stored);
        expect(PREVIEW_THEMES).toContain(restored.previewTheme);
        expect(CODE_THEMES).toContain(restored.codeTheme);
        expect(typeof restored.messageCards).toBe('boolean');
      }),
    );
    expect(restorePreferences({ previewTheme: 'nope', codeTheme: 'github', messageCards: 'yes' })).toEqual({
      ...DEFAULT_PREFERENCES,
      codeTheme: 'github',
    });
  });

  it('uses the spec defaults when nothing was stored', () => {
    expect(restorePreferences(undefined)).toEqual({ previewTheme: 'default', codeTheme: 'atom', messageCards: true });
  });
});

describe('preferencesMachine', () => {
  it('applies each choice and announces the whole new state for persistence', () => {
    const announced: Preferences[] = [];
    const actor = createActor(preferencesMachine, { input: DEFAULT_PREFERENCES });
    actor.on('preferences.changed', ({ preferences }) => announced.push(preferences));
    actor.start();

    actor.send({ type: 'preview.choose', theme: 'github' });
    actor.send({ type: 'code.choose', theme: 'kimbie' });
    actor.send({ type: 'cards.toggle' });

    const expected = { previewTheme: 'github', codeTheme: 'kimbie', messageCards: false };
    expect(actor.getSnapshot().context).toEqual(expected);
    expect(announced).toHaveLength(3);
    expect(announced.at(-1)).toEqual(expected);
  });
});
