import { assign, emit, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import type { Theme } from './theme';
import { themeForHour } from './themeByHour';

export interface ThemeInput {
  /** Previously persisted choice, or null when the reader never chose. */
  stored: Theme | null;
  /** Local clock hour (0..23), used only when nothing was stored. */
  hour: number;
}

export interface ThemeContext {
  theme: Theme;
  /** Whether the current theme is a user choice that should be persisted. */
  persist: boolean;
}

export type ThemeEvent = { type: 'theme.toggle' } | { type: 'theme.set'; theme: Theme };

export type ThemeEmitted = { type: 'theme.changed'; theme: Theme; persist: boolean };

export const themeMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as ThemeContext,
      events: {} as ThemeEvent,
      input: {} as ThemeInput,
      emitted: {} as ThemeEmitted,
    },
    guards: {
      startsLight: ({ context }) => context.theme === 'light',
      setsLight: ({ event }) => event.type === 'theme.set' && event.theme === 'light',
      setsDark: ({ event }) => event.type === 'theme.set' && event.theme === 'dark',
      notPersisted: ({ context }) => !context.persist,
    },
    actions: {
      chooseLight: assign({ theme: 'light' as Theme, persist: true }),
      chooseDark: assign({ theme: 'dark' as Theme, persist: true }),
      confirmChoice: assign({ persist: true }),
      announce: emit(({ context }) => ({
        type: 'theme.changed' as const,
        theme: context.theme,
        persist: context.persist,
      })),
    },
  }).createMachine({
    id: 'theme',
    // The start-up choice is never persisted: a stored value is already stored, and a
    // clock-based one must keep following the clock on later visits.
    context: ({ input }) => ({ theme: input.stored ?? themeForHour(input.hour), persist: false }),
    initial: 'choosing',
    states: {
      choosing: {
        always: [{ guard: 'startsLight', target: 'light' }, { target: 'dark' }],
      },
      light: {
        entry: 'announce',
        on: {
          'theme.toggle': { target: 'dark', actions: 'chooseDark' },
          'theme.set': [
            { guard: 'setsDark', target: 'dark', actions: 'chooseDark' },
            // Explicitly picking the current automatic theme pins it.
            { guard: 'notPersisted', actions: ['confirmChoice', 'announce'] },
          ],
        },
      },
      dark: {
        entry: 'announce',
        on: {
          'theme.toggle': { target: 'light', actions: 'chooseLight' },
          'theme.set': [
            { guard: 'setsLight', target: 'light', actions: 'chooseLight' },
            { guard: 'notPersisted', actions: ['confirmChoice', 'announce'] },
          ],
        },
      },
    },
  }),
);
