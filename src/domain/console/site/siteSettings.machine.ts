import { assign, emit, fromPromise, setup } from 'xstate';
import { ReportedError } from '../../account/account';
import type { SiteSettings } from './site';
import { edited, forSaving, sameSettings } from './siteSettings';

/**
 * 网站设置's form: loading → clean (what the server holds) ⇄ dirty (edited) → saving. Edits made while a save
 * is in flight are kept: the answer becomes what the server holds, and the form stays dirty if it differs.
 */

export interface SiteSettingsContext {
  /** What the server holds; null until loaded. */
  saved: SiteSettings | null;
  /** What the form shows. */
  draft: SiteSettings | null;
  /** The settings of the save in flight. */
  sending: SiteSettings | null;
  /** Why the settings could not be read. */
  error: string | null;
}

export type SiteSettingsEvent =
  | { type: 'settings.edit'; change: Partial<SiteSettings> }
  | { type: 'settings.save' }
  /** Drops the edits for what the server holds. */
  | { type: 'settings.reset' }
  | { type: 'settings.reload' };

export type SiteSettingsEmitted =
  | { type: 'settings.saved' }
  /** `reported`: the HTTP client already showed it. */
  | { type: 'settings.failed'; message: string; reported: boolean };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const siteSettingsMachine = setup({
  types: {
    context: {} as SiteSettingsContext,
    events: {} as SiteSettingsEvent,
    emitted: {} as SiteSettingsEmitted,
    tags: {} as 'busy' | 'error' | 'ready',
  },
  actors: {
    loadSettings: fromPromise<SiteSettings>(async () => {
      throw new Error('siteSettings: loadSettings actor not provided');
    }),
    saveSettings: fromPromise<SiteSettings, { settings: SiteSettings }>(async () => {
      throw new Error('siteSettings: saveSettings actor not provided');
    }),
  },
  guards: {
    unchanged: ({ context }) => context.draft !== null && context.saved !== null && sameSettings(context.draft, context.saved),
  },
  actions: {
    edit: assign({
      draft: ({ context, event }) =>
        event.type === 'settings.edit' && context.draft !== null ? edited(context.draft, event.change) : context.draft,
    }),
    reset: assign({ draft: ({ context }) => context.saved }),
  },
}).createMachine({
  id: 'siteSettings',
  context: { saved: null, draft: null, sending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ saved: event.output, draft: event.output, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'settings.reload': 'loading' },
    },
    ready: {
      initial: 'clean',
      on: { 'settings.edit': { target: '.settled', actions: 'edit' } },
      states: {
        settled: {
          always: [{ guard: 'unchanged', target: 'clean' }, { target: 'dirty' }],
        },
        clean: { tags: ['ready'] },
        dirty: {
          tags: ['ready'],
          on: {
            'settings.save': 'saving',
            'settings.reset': { target: 'clean', actions: 'reset' },
          },
        },
        saving: {
          tags: ['busy'],
          entry: assign({ sending: ({ context }) => (context.draft === null ? null : forSaving(context.draft)) }),
          // Edits go on while the save is in flight; they are not part of it.
          on: { 'settings.edit': { actions: 'edit' } },
          invoke: {
            src: 'saveSettings',
            input: ({ context }) => ({ settings: context.sending! }),
            onDone: {
              target: 'settled',
              actions: [
                assign(({ context, event }) => ({
                  saved: event.output,
                  // The server's form of what was sent (trimmed), unless the form was edited meanwhile.
                  draft: context.draft !== null && context.sending !== null && sameSettings(context.draft, context.sending) ? event.output : context.draft,
                  sending: null,
                })),
                emit({ type: 'settings.saved' } as const),
              ],
            },
            onError: {
              target: 'settled',
              actions: [
                assign({ sending: null }),
                emit(({ event }) => ({
                  type: 'settings.failed' as const,
                  message: messageOf(event.error),
                  reported: event.error instanceof ReportedError,
                })),
              ],
            },
          },
        },
      },
    },
  },
});
