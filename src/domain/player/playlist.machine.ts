import { assign, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import { DEFAULT_PLAYLIST_INDEX, SONG_LIST_PAGE_SIZE, type Playlist, type Song } from './music';

export interface PlaylistContext {
  /** The classified playlists (cover tiles). */
  playlists: Playlist[];
  /** The playlist whose songs are shown; by default the fourth. */
  selectedId: number | null;
  songs: Song[];
  /** Offset of the next page to ask for. */
  offset: number;
  /** A page came back empty: "reached the bottom", loading stops. */
  done: boolean;
  error: string | null;
}

export type PlaylistEvent =
  /** The overlay opened: fetch the playlists once (again after a failure). */
  | { type: 'playlists.load' }
  | { type: 'playlist.select'; id: number }
  /** Pull down / click to load more. */
  | { type: 'page.next' };

export interface TracksPageRequest {
  id: number;
  offset: number;
  limit: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const fetchPlaylists = fromPromise<Playlist[]>(async () => {
  throw new Error('playlist: fetchPlaylists actor not provided');
});
const fetchTracks = fromPromise<Song[], TracksPageRequest>(async () => {
  throw new Error('playlist: fetchTracks actor not provided');
});

export function defaultPlaylistId(playlists: readonly Playlist[]): number | null {
  if (playlists.length === 0) return null;
  return playlists[Math.min(DEFAULT_PLAYLIST_INDEX, playlists.length - 1)]!.id;
}

export const playlistMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as PlaylistContext,
      events: {} as PlaylistEvent,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { fetchPlaylists, fetchTracks },
    guards: {
      more: ({ context }) => context.selectedId !== null && !context.done,
      hasSelection: ({ context }) => context.selectedId !== null,
    },
    actions: {
      select: assign(({ event }) =>
        event.type === 'playlist.select'
          ? { selectedId: event.id, songs: [], offset: 0, done: false, error: null }
          : {},
      ),
    },
  }).createMachine({
    id: 'playlist',
    context: { playlists: [], selectedId: null, songs: [], offset: 0, done: false, error: null },
    initial: 'dormant',
    states: {
      dormant: { on: { 'playlists.load': 'loadingPlaylists' } },
      loadingPlaylists: {
        tags: ['busy'],
        invoke: {
          src: 'fetchPlaylists',
          onDone: {
            target: 'browsing',
            actions: assign(({ event }) => ({ playlists: event.output, selectedId: defaultPlaylistId(event.output) })),
          },
          onError: { target: 'playlistsFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        },
      },
      playlistsFailed: {
        tags: ['error'],
        on: { 'playlists.load': { target: 'loadingPlaylists', actions: assign({ error: null }) } },
      },
      browsing: {
        initial: 'loading',
        on: {
          // Re-entering cancels the page in flight: a late page of the previous playlist is dropped.
          'playlist.select': { target: '.loading', reenter: true, actions: 'select' },
        },
        states: {
          loading: {
            tags: ['busy'],
            always: { guard: ({ context }) => context.selectedId === null || context.done, target: 'idle' },
            invoke: {
              src: 'fetchTracks',
              input: ({ context }) => ({ id: context.selectedId!, offset: context.offset, limit: SONG_LIST_PAGE_SIZE }),
              onDone: [
                { guard: ({ event }) => event.output.length === 0, target: 'idle', actions: assign({ done: true }) },
                {
                  target: 'idle',
                  actions: assign({
                    songs: ({ context, event }) => [...context.songs, ...event.output],
                    offset: ({ context }) => context.offset + SONG_LIST_PAGE_SIZE,
                  }),
                },
              ],
              onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
            },
          },
          idle: {
            tags: ['ready'],
            on: { 'page.next': { guard: 'more', target: 'loading' } },
          },
          failed: {
            tags: ['error'],
            on: { 'page.next': { guard: 'hasSelection', target: 'loading', actions: assign({ error: null }) } },
          },
        },
      },
    },
  }),
);

/**
 * The selected playlist's songs (the fourth by default), for "play" with nothing loaded. When the overlay has
 * not loaded them yet (or loading failed), asks for the playlists and the first page and waits for them.
 * Resolves [] for an empty playlist; rejects when the playlists or their first page fail.
 */
export async function selectedListSongs(playlist: ActorRefFrom<typeof playlistMachine>): Promise<Song[]> {
  const now = playlist.getSnapshot();
  if (now.matches('browsing') && now.context.songs.length > 0) return now.context.songs;
  if (now.matches('dormant') || now.matches('playlistsFailed')) playlist.send({ type: 'playlists.load' });
  else if (now.matches({ browsing: 'failed' })) playlist.send({ type: 'page.next' });
  const settled = await waitFor(
    playlist,
    (snapshot) =>
      snapshot.matches('playlistsFailed') ||
      snapshot.matches({ browsing: 'idle' }) ||
      snapshot.matches({ browsing: 'failed' }),
  );
  if (settled.context.songs.length === 0 && settled.context.error) throw new Error(settled.context.error);
  return settled.context.songs;
}
