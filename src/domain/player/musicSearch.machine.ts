import { assign, emit, fromPromise, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import { MUSIC_SEARCH_PAGE_SIZE, type Song } from './music';

export interface MusicSearchContext {
  /** The keyword the results answer, trimmed; '' shows nothing. */
  keyword: string;
  songs: Song[];
  /** Offset of the next page to ask for. */
  offset: number;
  /** A page came back empty: "already at the bottom", load-more stops. */
  done: boolean;
  error: string | null;
}

export type MusicSearchEvent =
  /** The search button or Enter: a new keyword starts again from offset 0; an empty one clears without a call. */
  | { type: 'keyword.submit'; keyword: string }
  /** "Click to load more". */
  | { type: 'page.next' }
  | { type: 'results.clear' };

/** `search.empty`: the first page of a keyword was empty (暂无相关歌曲). */
export type MusicSearchEmitted = { type: 'notice'; notice: 'search.empty'; keyword: string };

export interface SearchPageRequest {
  keyword: string;
  offset: number;
  limit: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const searchSongs = fromPromise<Song[], SearchPageRequest>(async () => {
  throw new Error('musicSearch: searchSongs actor not provided');
});

export const musicSearchMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as MusicSearchContext,
      events: {} as MusicSearchEvent,
      emitted: {} as MusicSearchEmitted,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { searchSongs },
    guards: {
      blank: ({ event }) => event.type === 'keyword.submit' && event.keyword.trim() === '',
      more: ({ context }) => context.keyword !== '' && !context.done,
    },
    actions: {
      start: assign(({ event }) => ({
        keyword: event.type === 'keyword.submit' ? event.keyword.trim() : '',
        songs: [],
        offset: 0,
        done: false,
        error: null,
      })),
      clear: assign({ keyword: '', songs: [], offset: 0, done: false, error: null }),
    },
  }).createMachine({
    id: 'musicSearch',
    context: { keyword: '', songs: [], offset: 0, done: false, error: null },
    initial: 'idle',
    on: {
      'keyword.submit': [
        { guard: 'blank', target: '.idle', actions: 'clear' },
        // Re-entering cancels the page in flight: a late answer to the old keyword is dropped.
        { target: '.searching', reenter: true, actions: 'start' },
      ],
      'results.clear': { target: '.idle', actions: 'clear' },
    },
    states: {
      idle: {
        tags: ['ready'],
        on: { 'page.next': { guard: 'more', target: 'searching' } },
      },
      searching: {
        tags: ['busy'],
        invoke: {
          src: 'searchSongs',
          input: ({ context }) => ({ keyword: context.keyword, offset: context.offset, limit: MUSIC_SEARCH_PAGE_SIZE }),
          onDone: [
            {
              guard: ({ event, context }) => event.output.length === 0 && context.offset === 0,
              target: 'idle',
              actions: [
                assign({ done: true }),
                emit(({ context }) => ({
                  type: 'notice' as const,
                  notice: 'search.empty' as const,
                  keyword: context.keyword,
                })),
              ],
            },
            { guard: ({ event }) => event.output.length === 0, target: 'idle', actions: assign({ done: true }) },
            {
              target: 'idle',
              actions: assign({
                songs: ({ context, event }) => [...context.songs, ...event.output],
                offset: ({ context }) => context.offset + MUSIC_SEARCH_PAGE_SIZE,
              }),
            },
          ],
          onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        },
      },
      /** The page failed; "load more" tries the same offset again. */
      failed: {
        tags: ['error'],
        on: { 'page.next': { guard: 'more', target: 'searching', actions: assign({ error: null }) } },
      },
    },
  }),
);
