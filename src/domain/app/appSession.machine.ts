import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import type { PageHeader } from './pageHeader';

export interface AppSessionInput {
  /** True when the browser window already has a name (a returning tab): no welcome. */
  windowNamed: boolean;
  /** Page headers the page was rendered with: not fetched again. */
  pageHeaders?: PageHeader[] | null;
}

export interface AppSessionContext {
  windowNamed: boolean;
  pageHeaders: PageHeader[];
  pageHeaderError: string | null;
  /** The site's view count right after this visit was counted; null until then (or when it failed). */
  viewCount: number | null;
}

export type AppSessionEmitted = { type: 'welcome' } | { type: 'pageHeaders.failed'; message: string };

export interface AppSessionOutput {
  pageHeaders: PageHeader[];
  pageHeaderError: string | null;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

// Placeholders: the adapter supplies the real actors with machine.provide({ actors }).
const fetchPageHeaders = fromPromise<PageHeader[]>(async () => {
  throw new Error('appSession: fetchPageHeaders actor not provided');
});
const countView = fromPromise<number | void>(async () => {
  throw new Error('appSession: countView actor not provided');
});

export const appSessionMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as AppSessionContext,
      input: {} as AppSessionInput,
      emitted: {} as AppSessionEmitted,
      output: {} as AppSessionOutput,
    },
    actors: { fetchPageHeaders, countView },
    guards: {
      windowUnnamed: ({ context }) => !context.windowNamed,
      headersGiven: ({ context }) => context.pageHeaders.length > 0,
    },
    actions: {
      welcome: emit({ type: 'welcome' as const }),
    },
  }).createMachine({
    id: 'appSession',
    context: ({ input }) => ({
      windowNamed: input.windowNamed,
      pageHeaders: input.pageHeaders ?? [],
      pageHeaderError: null,
      viewCount: null,
    }),
    entry: enqueueActions(({ check, enqueue }) => {
      if (check('windowUnnamed')) enqueue('welcome');
    }),
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        type: 'parallel',
        states: {
          headers: {
            initial: 'starting',
            states: {
              starting: {
                always: [{ guard: 'headersGiven', target: 'loaded' }, { target: 'fetching' }],
              },
              fetching: {
                invoke: {
                  src: 'fetchPageHeaders',
                  onDone: {
                    target: 'loaded',
                    actions: assign({ pageHeaders: ({ event }) => event.output }),
                  },
                  onError: {
                    target: 'failed',
                    actions: [
                      assign({ pageHeaderError: ({ event }) => errorMessage(event.error) }),
                      emit(({ event }) => ({
                        type: 'pageHeaders.failed' as const,
                        message: errorMessage(event.error),
                      })),
                    ],
                  },
                },
              },
              loaded: { type: 'final' },
              failed: { type: 'final' },
            },
          },
          views: {
            initial: 'counting',
            states: {
              counting: {
                invoke: {
                  src: 'countView',
                  // A failed view count must not bother the reader: both outcomes finish.
                  onDone: {
                    target: 'counted',
                    actions: assign({
                      viewCount: ({ event }) => (typeof event.output === 'number' ? event.output : null),
                    }),
                  },
                  onError: { target: 'counted' },
                },
              },
              counted: { type: 'final' },
            },
          },
        },
        onDone: { target: 'ready' },
      },
      ready: {
        tags: ['ready'],
        type: 'final',
      },
    },
    output: ({ context }) => ({ pageHeaders: context.pageHeaders, pageHeaderError: context.pageHeaderError }),
  }),
);
