import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { DEFAULT_SONG_LEVEL } from '../../domain/player/music';
import { musicSearchMachine } from '../../domain/player/musicSearch.machine';
import { restorePlayer, toSaved } from '../../domain/player/persistence';
import { playerMachine, type PlayerEmitted } from '../../domain/player/player.machine';
import { playlistMachine, selectedListSongs } from '../../domain/player/playlist.machine';
import type { AudioOutput } from '../../ports/audioOutput';
import type { MediaSession } from '../../ports/mediaSession';
import type { MusicApi } from '../../ports/musicApi';
import type { Notifier } from '../../ports/notifier';
import type { PlayerRuntime } from '../../ports/playerRuntime';
import type { Services } from '../../ports/tokens';
import * as zhCN from '../../i18n/zh-CN';
import { createMediaSession } from '../audio/browserMediaSession';
import { createHtmlAudioOutput } from '../audio/htmlAudioOutput';
import { audioActor } from './audioActor';
import { PLAYER_STORAGE_KEY } from './storageKey';
import { createTabLease, type TabLease } from './tabLease';

/**
 * The player's lazily loaded half (see playerModule.ts): machines, audio element, media session and tab
 * lease. Nothing here is in the first load of a page.
 */

const text = zhCN.music;

export interface PlayerDeps {
  api: MusicApi;
  /** The overlay's playlists: play with nothing loaded starts the first song of the selected one. */
  playlist: ActorRefFrom<typeof playlistMachine>;
  audio: AudioOutput;
  media: MediaSession;
  local: Services['localStore'];
  random: Services['random'];
  notifier: Notifier;
  lease: TabLease;
  /** Calls back when the page is hidden or unloaded; the browser's `pagehide` / `visibilitychange` by default. */
  onPageHide?: (listener: () => void) => void;
  /** Whether the browser has a network (`navigator.onLine` by default): offline, a failure says so. */
  online?: () => boolean;
}

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * Offline, the songs, lyrics and lists cannot come (the offline worker keeps none of them): a failed load or
 * play tells the reader the player needs a network instead of stopping silently. Once per failure.
 */
function sayWhenOffline(actor: ActorRefFrom<typeof playerMachine>, notifier: Notifier, online: () => boolean): void {
  const needsNetwork = () => {
    if (!online()) notifier.notify({ level: 'warning', message: text.needsNetwork });
  };
  let failed = false;
  actor.subscribe((snapshot) => {
    const nowFailed = snapshot.hasTag('error');
    if (nowFailed && !failed) needsNetwork();
    failed = nowFailed;
  });
  actor.on('play.failed', needsNetwork);
}

/** `pagehide` (unload, bfcache) and `visibilitychange` to hidden (a mobile tab switched away may never unload). */
export function browserPageHide(listener: () => void): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('pagehide', listener);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') listener();
  });
}

/**
 * The player machine with real I/O: the track loader on the music API, the audio actor on the output, and the
 * selected list from the overlay's playlist actor.
 */
export function providePlayer(api: MusicApi, audio: AudioOutput, playlist: ActorRefFrom<typeof playlistMachine>) {
  return playerMachine.provide({
    actors: {
      loadTrack: fromPromise(async ({ input }) => {
        // A missing lyric must not stop the song: the board then shows no lines.
        const [url, lyrics] = await Promise.all([
          api.songUrl(input.song.id, DEFAULT_SONG_LEVEL),
          api.lyric(input.song.id).catch(() => ({ lrc: '', tlyric: '', yrc: '' })),
        ]);
        return { url, lyrics };
      }),
      loadSelectedList: fromPromise(() => selectedListSongs(playlist)),
      audio: audioActor(audio),
    },
  });
}

function announce(notifier: Notifier, event: PlayerEmitted): void {
  if (event.type === 'play.failed') {
    console.warn('[player] play failed:', event.message);
    return;
  }
  if (event.type !== 'notice') return;
  switch (event.notice) {
    case 'song.unavailable':
      return notifier.notify({ level: 'warning', message: text.unavailable(event.song.name) });
    case 'custom.added':
      return notifier.notify({ level: 'success', message: text.added, durationMs: 1000 });
    case 'custom.removed':
      return notifier.notify({ level: 'success', message: text.removed, durationMs: 1000 });
    case 'custom.duplicate':
      return notifier.notify({ level: 'warning', message: text.duplicate, durationMs: 1000 });
  }
}

/** Keeps the OS media controls in step with the player and sends their actions back to it. */
function followMediaSession(player: ActorRefFrom<typeof playerMachine>, media: MediaSession): void {
  media.setHandlers({
    play: () => player.send({ type: 'playback.play' }),
    pause: () => player.send({ type: 'playback.pause' }),
    previous: () => player.send({ type: 'track.previous' }),
    next: () => player.send({ type: 'track.next' }),
    seekTo: (seconds) => player.send({ type: 'seek.commit', time: seconds }),
  });
  let songId: number | null = null;
  let playing: boolean | null = null;
  let duration = -1;
  player.subscribe((snapshot) => {
    const { current, currentTime, isUseProgress, isClickLyric } = snapshot.context;
    if ((current?.id ?? null) !== songId) {
      songId = current?.id ?? null;
      media.setMetadata(current ? { title: current.name, artist: current.artists.join(' / ') || zhCN.disc.unknownArtist, cover: current.cover || undefined } : null);
    }
    const nowPlaying = snapshot.matches({ playback: 'playing' });
    const moved = nowPlaying !== playing || snapshot.context.duration !== duration || isUseProgress || isClickLyric;
    if (nowPlaying !== playing) media.setPlaybackState(current ? (nowPlaying ? 'playing' : 'paused') : 'none');
    playing = nowPlaying;
    duration = snapshot.context.duration;
    if (moved) media.setPosition(currentTime, duration);
  });
}

/**
 * Starts the global player: restored (paused at the saved position) from local storage, saved again when
 * the page is hidden or unloaded, but only by the tab that played last (`TabLease`); that tab's start
 * pauses the others.
 */
export function startPlayer(deps: PlayerDeps): ActorRefFrom<typeof playerMachine> {
  const { api, playlist, audio, media, local, random, notifier, lease, onPageHide = browserPageHide, online = browserOnline } = deps;
  const actor = createActor(providePlayer(api, audio, playlist), {
    input: { saved: restorePlayer(local.get(PLAYER_STORAGE_KEY)), randomInt: (max) => random.int(max) },
  });
  actor.on('*', (event) => announce(notifier, event));
  sayWhenOffline(actor, notifier, online);
  actor.on('playback.started', () => lease.claim());
  lease.onLost(() => actor.send({ type: 'playback.pause' }));
  actor.start();
  followMediaSession(actor, media);

  const save = () => {
    if (lease.mayWrite()) local.set(PLAYER_STORAGE_KEY, toSaved(actor.getSnapshot().context));
  };
  onPageHide(save);
  return actor;
}

/** The overlay's classified playlists (cover tiles) and their songs. */
export function startPlaylist(api: MusicApi) {
  return createActor(
    playlistMachine.provide({
      actors: {
        fetchPlaylists: fromPromise(() => api.playlists()),
        fetchTracks: fromPromise(({ input }) => api.playlistTracks(input.id, input.offset, input.limit)),
      },
    }),
  ).start();
}

/** The search panel; an empty first page says 暂无相关歌曲. */
export function startMusicSearch(api: MusicApi, notifier: Notifier) {
  const actor = createActor(
    musicSearchMachine.provide({
      actors: { searchSongs: fromPromise(({ input }) => api.search(input.keyword, input.offset, input.limit)) },
    }),
  );
  actor.on('notice', () => notifier.notify({ level: 'info', message: text.noSongs, durationMs: 1000 }));
  return actor.start();
}

export interface RuntimeDeps {
  api: MusicApi;
  local: Services['localStore'];
  random: Services['random'];
  notifier: Notifier;
  /** Browser adapters unless a test gives its own. */
  audio?: AudioOutput;
  media?: MediaSession;
  lease?: TabLease;
  onPageHide?: (listener: () => void) => void;
}

/** Starts the player, the playlists and the search on browser adapters: called once, on first use. */
export function createPlayerRuntime(deps: RuntimeDeps): PlayerRuntime {
  const { api, local, random, notifier } = deps;
  const audio = deps.audio ?? createHtmlAudioOutput();
  const media = deps.media ?? createMediaSession();
  const lease = deps.lease ?? createTabLease(local);
  const playlist = startPlaylist(api);
  const player = startPlayer({ api, playlist, audio, media, local, random, notifier, lease, onPageHide: deps.onPageHide });
  return { player, playlist, search: startMusicSearch(api, notifier), audio };
}
