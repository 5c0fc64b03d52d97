import { assign, emit, fromPromise, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import type { HotArticle, SearchHit } from '../content/content';
import { normaliseTerm, rememberTerm } from './history';

/** The server answers keywords of 1 to 50 characters; longer input is cut, not refused. */
export const SEARCH_KEYWORD_MAX_LENGTH = 50;
/** Quiet time after the last keystroke before the query runs. */
export const SEARCH_DEBOUNCE_MS = 300;

export function searchKeyword(input: string): string {
  const chars = Array.from(normaliseTerm(input));
  let keyword = chars.slice(0, SEARCH_KEYWORD_MAX_LENGTH).join('');
  // An astral character counts twice on the wire; drop whole characters until it fits.
  while (keyword.length > SEARCH_KEYWORD_MAX_LENGTH) keyword = Array.from(keyword).slice(0, -1).join('');
  return keyword.trim();
}

export interface SearchInput {
  history: string[];
}

export interface SearchContext {
  /** The keyword in the box, normalised; '' shows the history and the hot list instead of results. */
  keyword: string;
  /** The keyword the shown `results` answer, or null when no results are shown. */
  resultsFor: string | null;
  results: SearchHit[];
  /** Searched terms, newest first. */
  history: string[];
  hot: HotArticle[];
  /** Why the last search failed, while the box still holds its keyword. */
  error: string | null;
}

export type SearchEvent =
  /** Typing or clearing: searches after a quiet moment. */
  | { type: 'keyword.change'; keyword: string }
  /** Enter, or a term picked from the history or elsewhere: searches at once. */
  | { type: 'keyword.submit'; keyword: string }
  | { type: 'history.clear' }
  /** The dialog opened: fetch the hot list unless it is already there. */
  | { type: 'hot.load' };

export type SearchEmitted = { type: 'history.changed'; history: string[] };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Placeholders: the composition root supplies the real actors with machine.provide({ actors }).
const searchArticles = fromPromise<SearchHit[], { keyword: string }>(async () => {
  throw new Error('search: searchArticles actor not provided');
});
const fetchHotArticles = fromPromise<HotArticle[]>(async () => {
  throw new Error('search: fetchHotArticles actor not provided');
});

export const searchMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as SearchContext,
      events: {} as SearchEvent,
      input: {} as SearchInput,
      emitted: {} as SearchEmitted,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { searchArticles, fetchHotArticles },
    delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
    guards: {
      blank: ({ event }) => 'keyword' in event && searchKeyword(event.keyword) === '',
      unchanged: ({ context, event }) => 'keyword' in event && searchKeyword(event.keyword) === context.keyword,
    },
    actions: {
      setKeyword: assign({
        keyword: ({ event }) => ('keyword' in event ? searchKeyword(event.keyword) : ''),
        error: null,
      }),
      clearResults: assign({ results: [], resultsFor: null, error: null }),
      clearHistory: assign({ history: [] }),
      announceHistory: emit(({ context }) => ({ type: 'history.changed' as const, history: context.history })),
    },
  }).createMachine({
    id: 'search',
    context: ({ input }) => ({
      keyword: '',
      resultsFor: null,
      results: [],
      history: input.history,
      hot: [],
      error: null,
    }),
    type: 'parallel',
    on: {
      'history.clear': { actions: ['clearHistory', 'announceHistory'] },
    },
    states: {
      query: {
        initial: 'idle',
        on: {
          'keyword.change': [
            { guard: 'blank', target: '.idle', actions: ['setKeyword', 'clearResults'] },
            { guard: 'unchanged' },
            // Re-entering restarts the quiet period and cancels a search still in flight.
            { target: '.debouncing', reenter: true, actions: 'setKeyword' },
          ],
          'keyword.submit': [
            { guard: 'blank', target: '.idle', actions: ['setKeyword', 'clearResults'] },
            { target: '.searching', reenter: true, actions: 'setKeyword' },
          ],
        },
        states: {
          idle: { tags: ['ready'] },
          debouncing: {
            tags: ['busy'],
            after: { searchDebounce: 'searching' },
          },
          searching: {
            tags: ['busy'],
            invoke: {
              src: 'searchArticles',
              input: ({ context }) => ({ keyword: context.keyword }),
              onDone: {
                target: 'idle',
                actions: [
                  assign({
                    results: ({ event }) => event.output,
                    resultsFor: ({ context }) => context.keyword,
                    history: ({ context }) => rememberTerm(context.history, context.keyword),
                  }),
                  'announceHistory',
                ],
              },
              onError: {
                target: 'failed',
                actions: assign({ error: ({ event }) => messageOf(event.error), results: [], resultsFor: null }),
              },
            },
          },
          failed: { tags: ['error'] },
        },
      },
      hot: {
        initial: 'empty',
        states: {
          empty: { on: { 'hot.load': 'loading' } },
          loading: {
            invoke: {
              src: 'fetchHotArticles',
              onDone: { target: 'loaded', actions: assign({ hot: ({ event }) => event.output }) },
              // Quietly try again the next time the dialog opens.
              onError: { target: 'empty' },
            },
          },
          loaded: {},
        },
      },
    },
  }),
);
