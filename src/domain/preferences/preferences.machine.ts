import { assign, emit, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import type { CodeTheme, Preferences, PreviewTheme } from './preferences';

type PreferencesEvent =
  | { type: 'preview.choose'; theme: PreviewTheme }
  | { type: 'code.choose'; theme: CodeTheme }
  | { type: 'cards.toggle' };

/** Holds the reading preferences; every change is emitted so an adapter can persist it. */
export const preferencesMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as Preferences,
      input: {} as Preferences,
      events: {} as PreferencesEvent,
      emitted: {} as { type: 'preferences.changed'; preferences: Preferences },
    },
    actions: {
      announce: emit(({ context }) => ({ type: 'preferences.changed' as const, preferences: context })),
    },
  }).createMachine({
    id: 'preferences',
    context: ({ input }) => input,
    on: {
      'preview.choose': { actions: [assign({ previewTheme: ({ event }) => event.theme }), 'announce'] },
      'code.choose': { actions: [assign({ codeTheme: ({ event }) => event.theme }), 'announce'] },
      'cards.toggle': { actions: [assign({ messageCards: ({ context }) => !context.messageCards }), 'announce'] },
    },
  }),
);
