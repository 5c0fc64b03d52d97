import { assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { lazyMachine } from '../shared/lazyMachine';
import {
  clampLyricSettings,
  lyricClockMs,
  offsetFor,
  volumeFromSlider,
  withOffset,
  type LyricSettings,
} from './display';
import { activeLineIndex, makeTrack } from './lyrics';
import {
  LYRIC_CLICK_FLAG_MS,
  LYRIC_RECENTRE_MS,
  PROGRESS_FLAG_MS,
  isInList,
  type CurrentTrack,
  type LyricType,
  type RawLyrics,
  type Song,
} from './music';
import { defaultSavedPlayer, type SavedPlayer } from './persistence';
import { nextIndex, nextMode, type Direction } from './playOrder';

/** Commands the machine gives the audio actor (an `AudioOutput` behind a callback actor). Times in seconds. */
export type AudioCommand =
  | { type: 'load'; url: string; startAt: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; time: number }
  | { type: 'volume'; volume: number };

/** What the audio actor reports back. */
export type AudioEvent =
  | { type: 'audio.time'; time: number }
  | { type: 'audio.duration'; duration: number }
  | { type: 'audio.ended' }
  /** `play()` was refused (autoplay policy, decode failure): the player pauses; logged, not shown. */
  | { type: 'audio.playFailed'; message: string }
  /** The element failed (network, expired URL). */
  | { type: 'audio.error'; message: string }
  /** Started or paused from outside the machine: headphones, the OS, another control of the element. */
  | { type: 'audio.played' }
  | { type: 'audio.paused' };

export interface LoadedTrack {
  /** null: the source has no rights to the song, which is skipped with a notice. */
  url: string | null;
  lyrics: RawLyrics;
}

export interface PlayerInput {
  /** From `restorePlayer(stored)`; absent on a first visit. */
  saved?: SavedPlayer;
  /** An integer in [0, max): the Random port. */
  randomInt: (max: number) => number;
}

export interface PlayerContext extends Omit<SavedPlayer, 'version'> {
  track: CurrentTrack | null;
  /** Seconds, from the element once known, else from the song's reported length. */
  duration: number;
  /** Index into `track.lines` at the lyric clock (audio time + this song's offset), -1 before the first line. */
  currentLyricIndex: number;
  showLyricBoard: boolean;
  /** The music overlay is open (spec isShowMusicPlayer). */
  showPlayer: boolean;
  /** A slider seek happened in the last 200 ms: time updates from the element are not applied meanwhile. */
  isUseProgress: boolean;
  /** A lyric line was clicked in the last 100 ms: the board should not animate its own scroll. */
  isClickLyric: boolean;
  /** The lyric type was switched to COMMON less than 300 ms ago (the re-centre is pending). */
  isToggleImg: boolean;
  /** Bumped each time the COMMON board should re-centre its current line. */
  recentreRequests: number;
  /** Whether the song being loaded starts playing when ready (false when restoring a saved visit). */
  autoplay: boolean;
  /** Where the song being loaded starts, seconds. */
  startAt: number;
  /** Travel direction, so a song without rights is skipped the way the listener was going. */
  direction: Direction;
  /** Songs skipped in a row for lack of rights; at the list's length the player gives up. */
  skipped: number;
  /** Why loading failed: a message, or 'unavailable' when no song of the list could be played. */
  error: string | null;
  randomInt: (max: number) => number;
}

export type PlayerEvent =
  | { type: 'playback.toggle' }
  | { type: 'playback.play' }
  | { type: 'playback.pause' }
  /** A row of the top list, a playlist or the search results: that list becomes the TOP list. */
  | { type: 'track.select'; songs: readonly Song[]; index: number }
  /** More pages of the list a TOP song was chosen from arrived: next/previous reach them (ignored if not that list). */
  | { type: 'top.extend'; songs: readonly Song[] }
  /** A row of my list: plays from CUSTOM. */
  | { type: 'custom.select'; index: number }
  | { type: 'track.next' }
  | { type: 'track.previous' }
  | { type: 'mode.cycle' }
  | { type: 'custom.add'; song: Song }
  | { type: 'custom.remove'; id: number }
  /** The progress slider let go at `time` seconds. */
  | { type: 'seek.commit'; time: number }
  /** A click on line `index` of the lyric board. */
  | { type: 'lyric.seek'; index: number }
  | { type: 'lyric.type.toggle' }
  | { type: 'lyric.type.set'; lyricType: LyricType }
  | { type: 'player.show'; show: boolean }
  | { type: 'player.toggle' }
  | { type: 'board.show'; show: boolean }
  | { type: 'board.toggle' }
  /** `?showSpecial`: opens the overlay and the board in SPECIAL mode. */
  | { type: 'board.special' }
  /** The 0–100 volume slider. */
  | { type: 'volume.set'; percent: number }
  | { type: 'lyric.settings'; settings: Partial<LyricSettings> }
  /** Moves the current song's lyrics by `delta` seconds (steps of 0.5; positive shows them earlier). */
  | { type: 'lyric.offset.shift'; delta: number }
  | { type: 'lyric.offset.reset' }
  | AudioEvent;

export type PlayerNotice = 'song.unavailable' | 'custom.added' | 'custom.removed' | 'custom.duplicate';

export type PlayerEmitted =
  | { type: 'notice'; notice: PlayerNotice; song: Song }
  /** Logged, not shown (spec section 4). */
  | { type: 'play.failed'; message: string }
  /** The COMMON board should scroll line `index` to its centre. */
  | { type: 'lyric.recentre'; index: number }
  /** Playback started in this tab (the tab that plays is the one that saves). */
  | { type: 'playback.started' };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The list next/previous travel in. */
export function activeList(context: Pick<PlayerContext, 'source' | 'topList' | 'customList'>): Song[] {
  return context.source === 'CUSTOM' ? context.customList : context.topList;
}

/** Index of the current song in the active list, -1 when it is not there. */
export function currentIndex(context: Pick<PlayerContext, 'source' | 'topList' | 'customList' | 'current'>): number {
  const { current } = context;
  return current ? activeList(context).findIndex((song) => song.id === current.id) : -1;
}

function lyricIndexAt(context: Pick<PlayerContext, 'track' | 'lyricOffsets' | 'current'>, seconds: number): number {
  if (!context.track) return -1;
  return activeLineIndex(
    context.track.lyricTimeList,
    lyricClockMs(seconds, offsetFor(context.lyricOffsets, context.current?.id)),
  );
}

/** Fields reset when a new song starts loading. */
function startSong(song: Song, autoplay: boolean, direction: Direction) {
  return {
    current: song,
    track: null,
    currentTime: 0,
    startAt: 0,
    duration: song.durationMs / 1000,
    currentLyricIndex: -1,
    autoplay,
    direction,
    error: null,
  };
}

/** Fields for playing `songs[index]` with `songs` as the TOP list. */
function playTop(songs: readonly Song[], index: number) {
  return { topList: [...songs], source: 'TOP' as const, skipped: 0, ...startSong(songs[index]!, true, 'next') };
}

function advanced(context: PlayerContext, direction: Direction): Partial<PlayerContext> {
  const list = activeList(context);
  const index = nextIndex(context.mode, currentIndex(context), list.length, direction, context.randomInt);
  return index < 0 ? {} : startSong(list[index]!, true, direction);
}

// Placeholders: the player module supplies the real actors with machine.provide({ actors }).
const loadTrack = fromPromise<LoadedTrack, { song: Song }>(async () => {
  throw new Error('player: loadTrack actor not provided');
});
/** The songs of the list the overlay has selected (loaded first if need be): what play starts with nothing loaded. */
const loadSelectedList = fromPromise<Song[]>(async () => {
  throw new Error('player: loadSelectedList actor not provided');
});
const audio = fromCallback<AudioCommand, { volume: number }>(() => {
  throw new Error('player: audio actor not provided');
});

export const playerMachine = lazyMachine(() =>
  setup({
    types: {
      context: {} as PlayerContext,
      events: {} as PlayerEvent,
      input: {} as PlayerInput,
      emitted: {} as PlayerEmitted,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: { loadTrack, loadSelectedList, audio },
    delays: {
      progressFlagReset: PROGRESS_FLAG_MS,
      lyricFlagReset: LYRIC_CLICK_FLAG_MS,
      lyricRecentre: LYRIC_RECENTRE_MS,
    },
    guards: {
      hasSavedSong: ({ context }) => context.current !== null,
      hasTrack: ({ context }) => context.track !== null,
      canAdvance: ({ context }) => activeList(context).length > 0,
      validTopIndex: ({ event }) =>
        event.type === 'track.select' &&
        Number.isInteger(event.index) &&
        event.index >= 0 &&
        event.index < event.songs.length,
      validCustomIndex: ({ context, event }) =>
        event.type === 'custom.select' &&
        Number.isInteger(event.index) &&
        event.index >= 0 &&
        event.index < context.customList.length,
      validLine: ({ context, event }) =>
        event.type === 'lyric.seek' &&
        context.track !== null &&
        event.index >= 0 &&
        event.index < context.track.lines.length,
      singleCycle: ({ context }) => context.mode === 'SINGLECYCLE',
      skippedAll: ({ context }) => context.skipped >= activeList(context).length,
      alreadyInList: ({ context, event }) => event.type === 'custom.add' && isInList(context.customList, event.song.id),
      inList: ({ context, event }) => event.type === 'custom.remove' && isInList(context.customList, event.id),
      isSpecial: ({ context }) => context.lyricType === 'SPECIAL',
      hasCurrent: ({ context }) => context.current !== null,
    },
    actions: {
      stopAudio: sendTo('audio', { type: 'pause' } satisfies AudioCommand),
      playAudio: sendTo('audio', { type: 'play' } satisfies AudioCommand),
      pauseAudio: sendTo('audio', { type: 'pause' } satisfies AudioCommand),
      loadAudio: sendTo('audio', ({ context }): AudioCommand => ({
        type: 'load',
        url: context.track!.url,
        startAt: context.startAt,
      })),
      replay: sendTo('audio', { type: 'seek', time: 0 } satisfies AudioCommand),
      announcePlaying: emit({ type: 'playback.started' as const }),
      selectTop: assign(({ event }) => (event.type === 'track.select' ? playTop(event.songs, event.index) : {})),
      selectCustom: assign(({ context, event }) => {
        if (event.type !== 'custom.select') return {};
        return { source: 'CUSTOM' as const, skipped: 0, ...startSong(context.customList[event.index]!, true, 'next') };
      }),
      goNext: assign(({ context }) => ({ skipped: 0, ...advanced(context, 'next') })),
      goPrevious: assign(({ context }) => ({ skipped: 0, ...advanced(context, 'previous') })),
      skipOn: assign(({ context }) => ({ ...advanced(context, context.direction), skipped: context.skipped + 1 })),
      setTrack: assign(({ context, event }) => {
        const { url, lyrics } = (event as unknown as { output: LoadedTrack }).output;
        const track = makeTrack(context.current!.id, url!, lyrics);
        const next = { ...context, track };
        return { track, skipped: 0, currentLyricIndex: lyricIndexAt(next, context.startAt) };
      }),
      setLoadError: assign({ error: ({ event }) => messageOf((event as unknown as { error: unknown }).error) }),
      setUnavailable: assign({ error: 'unavailable' }),
      noticeUnavailable: emit(({ context }) => ({
        type: 'notice' as const,
        notice: 'song.unavailable' as const,
        song: context.current!,
      })),
      logPlayFailure: emit(({ event }) => ({
        type: 'play.failed' as const,
        message: event.type === 'audio.playFailed' || event.type === 'audio.error' ? event.message : 'play failed',
      })),
      logStartFailure: emit(({ event }) => ({
        type: 'play.failed' as const,
        message: messageOf((event as unknown as { error: unknown }).error),
      })),
      tick: assign(({ context, event }) => {
        if (event.type !== 'audio.time' || context.isUseProgress) return {};
        return { currentTime: event.time, currentLyricIndex: lyricIndexAt(context, event.time) };
      }),
      setDuration: assign(({ event }) =>
        event.type === 'audio.duration' && Number.isFinite(event.duration) ? { duration: event.duration } : {},
      ),
      seekTo: assign(({ context, event }) => {
        if (event.type !== 'seek.commit' || !Number.isFinite(event.time)) return {};
        const time = Math.max(0, event.time);
        return { currentTime: time, currentLyricIndex: lyricIndexAt(context, time) };
      }),
      seekToLine: assign(({ context, event }) => {
        if (event.type !== 'lyric.seek' || !context.track) return {};
        const lineMs = context.track.lyricTimeList[event.index]!;
        const time = Math.max(0, lineMs / 1000 - offsetFor(context.lyricOffsets, context.current?.id));
        return { currentTime: time, currentLyricIndex: lyricIndexAt(context, time) };
      }),
      seekAudio: sendTo('audio', ({ context }): AudioCommand => ({ type: 'seek', time: context.currentTime })),
      cycleMode: assign({ mode: ({ context }) => nextMode(context.mode) }),
      addCustom: assign(({ context, event }) =>
        event.type === 'custom.add'
          ? { customList: [...context.customList, event.song], source: 'CUSTOM' as const }
          : {},
      ),
      noticeAdded: emit(({ event }) => ({
        type: 'notice' as const,
        notice: 'custom.added' as const,
        song: (event as { song: Song }).song,
      })),
      noticeDuplicate: emit(({ event }) => ({
        type: 'notice' as const,
        notice: 'custom.duplicate' as const,
        song: (event as { song: Song }).song,
      })),
      removeCustom: assign(({ context, event }) => {
        if (event.type !== 'custom.remove') return {};
        const customList = context.customList.filter((song) => song.id !== event.id);
        return { customList, source: customList.length === 0 ? ('TOP' as const) : context.source };
      }),
      noticeRemoved: emit(({ context, event }) => ({
        type: 'notice' as const,
        notice: 'custom.removed' as const,
        song: context.customList.find((song) => song.id === (event as { id: number }).id)!,
      })),
      setCommon: assign({ lyricType: 'COMMON' as LyricType }),
      setSpecial: assign({ lyricType: 'SPECIAL' as LyricType }),
      requestRecentre: emit(({ context }) => ({ type: 'lyric.recentre' as const, index: context.currentLyricIndex })),
      countRecentre: assign({ recentreRequests: ({ context }) => context.recentreRequests + 1 }),
      setVolume: assign({
        volume: ({ context, event }) =>
          event.type === 'volume.set' ? volumeFromSlider(event.percent) : context.volume,
      }),
      applyVolume: sendTo('audio', ({ context }): AudioCommand => ({ type: 'volume', volume: context.volume })),
      setLyricSettings: assign({
        lyricSettings: ({ context, event }) =>
          event.type === 'lyric.settings'
            ? clampLyricSettings(event.settings, context.lyricSettings)
            : context.lyricSettings,
      }),
      shiftOffset: assign(({ context, event }) => {
        if (!context.current) return {};
        const id = context.current.id;
        const seconds = event.type === 'lyric.offset.shift' ? offsetFor(context.lyricOffsets, id) + event.delta : 0;
        const lyricOffsets = withOffset(context.lyricOffsets, id, seconds);
        return { lyricOffsets, currentLyricIndex: lyricIndexAt({ ...context, lyricOffsets }, context.currentTime) };
      }),
    },
  }).createMachine({
    id: 'player',
    type: 'parallel',
    context: ({ input }) => {
      const saved = input.saved ?? defaultSavedPlayer();
      const { version: _version, ...kept } = saved;
      return {
        ...kept,
        track: null,
        duration: (saved.current?.durationMs ?? 0) / 1000,
        currentLyricIndex: -1,
        showLyricBoard: false,
        showPlayer: false,
        isUseProgress: false,
        isClickLyric: false,
        isToggleImg: false,
        recentreRequests: 0,
        autoplay: false,
        startAt: saved.currentTime,
        direction: 'next',
        skipped: 0,
        error: null,
        randomInt: input.randomInt,
      };
    },
    invoke: { id: 'audio', src: 'audio', input: ({ context }) => ({ volume: context.volume }) },
    on: {
      'mode.cycle': { actions: 'cycleMode' },
      'top.extend': {
        guard: ({ context, event }) =>
          event.songs.length > context.topList.length &&
          context.topList.every((song, i) => event.songs[i]?.id === song.id),
        actions: assign({ topList: ({ event }) => [...event.songs] }),
      },
      'custom.add': [{ guard: 'alreadyInList', actions: 'noticeDuplicate' }, { actions: ['addCustom', 'noticeAdded'] }],
      'custom.remove': { guard: 'inList', actions: ['noticeRemoved', 'removeCustom'] },
      'volume.set': { actions: ['setVolume', 'applyVolume'] },
      'lyric.settings': { actions: 'setLyricSettings' },
      'lyric.offset.shift': { guard: 'hasCurrent', actions: 'shiftOffset' },
      'lyric.offset.reset': { guard: 'hasCurrent', actions: 'shiftOffset' },
      'player.show': { actions: assign({ showPlayer: ({ event }) => event.show }) },
      'player.toggle': { actions: assign({ showPlayer: ({ context }) => !context.showPlayer }) },
      'board.show': { actions: assign({ showLyricBoard: ({ event }) => event.show }) },
      'board.toggle': { actions: assign({ showLyricBoard: ({ context }) => !context.showLyricBoard }) },
      'audio.time': { actions: 'tick' },
      'audio.duration': { actions: 'setDuration' },
    },
    states: {
      playback: {
        initial: 'boot',
        // Never `reenter` on a region of the parallel root: that would exit and re-enter every region.
        on: {
          'track.select': { guard: 'validTopIndex', target: '.loading', actions: 'selectTop' },
          'custom.select': { guard: 'validCustomIndex', target: '.loading', actions: 'selectCustom' },
          'track.next': { guard: 'canAdvance', target: '.loading', actions: 'goNext' },
          'track.previous': { guard: 'canAdvance', target: '.loading', actions: 'goPrevious' },
        },
        states: {
          boot: {
            always: [{ guard: 'hasSavedSong', target: 'loading' }, { target: 'idle' }],
          },
          /** No song yet: play starts the first song of the selected list. */
          idle: {
            tags: ['ready'],
            on: { 'playback.toggle': 'starting', 'playback.play': 'starting' },
          },
          /** Fetching the selected list (the fourth playlist unless the reader chose another) to play its first song. */
          starting: {
            tags: ['busy'],
            // A pause meanwhile (another tab took over, the OS) means the reader no longer wants it to start.
            on: { 'playback.pause': 'idle' },
            invoke: {
              src: 'loadSelectedList',
              onDone: [
                {
                  guard: ({ event }) => event.output.length > 0,
                  target: 'loading',
                  actions: assign(({ event }) => playTop(event.output, 0)),
                },
                { target: 'idle' },
              ],
              onError: { target: 'idle', actions: 'logStartFailure' },
            },
          },
          loading: {
            tags: ['busy'],
            entry: 'stopAudio',
            // A new choice while loading restarts the load: the answer for the old song is dropped.
            on: {
              'track.select': { guard: 'validTopIndex', target: 'loading', reenter: true, actions: 'selectTop' },
              'custom.select': { guard: 'validCustomIndex', target: 'loading', reenter: true, actions: 'selectCustom' },
              'track.next': { guard: 'canAdvance', target: 'loading', reenter: true, actions: 'goNext' },
              'track.previous': { guard: 'canAdvance', target: 'loading', reenter: true, actions: 'goPrevious' },
            },
            invoke: {
              src: 'loadTrack',
              input: ({ context }) => ({ song: context.current! }),
              onDone: [
                { guard: ({ event }) => event.output.url === null, target: 'skipping', actions: 'noticeUnavailable' },
                { guard: ({ context }) => context.autoplay, target: 'playing', actions: ['setTrack', 'loadAudio'] },
                { target: 'paused', actions: ['setTrack', 'loadAudio'] },
              ],
              onError: { target: 'failed', actions: 'setLoadError' },
            },
          },
          /** The song has no rights: go on in the same direction, unless the whole list was tried. */
          skipping: {
            always: [
              { guard: 'skippedAll', target: 'failed', actions: 'setUnavailable' },
              { target: 'loading', actions: 'skipOn' },
            ],
          },
          playing: {
            tags: ['ready'],
            entry: ['playAudio', 'announcePlaying'],
            on: {
              'playback.toggle': 'paused',
              'playback.pause': 'paused',
              'audio.paused': 'paused',
              'audio.playFailed': { target: 'paused', actions: 'logPlayFailure' },
              'audio.error': { target: 'paused', actions: 'logPlayFailure' },
              'audio.ended': [
                { guard: 'singleCycle', actions: ['replay', 'playAudio'] },
                { guard: 'canAdvance', target: 'loading', actions: 'goNext' },
                { target: 'paused', actions: ['replay'] },
              ],
              'seek.commit': { actions: ['seekTo', 'seekAudio'] },
              'lyric.seek': { guard: 'validLine', actions: ['seekToLine', 'seekAudio'] },
            },
          },
          paused: {
            tags: ['ready'],
            entry: 'pauseAudio',
            on: {
              'playback.toggle': 'playing',
              'playback.play': 'playing',
              'audio.played': 'playing',
              // Seeking resumes playback (spec section 4).
              'seek.commit': { target: 'playing', actions: ['seekTo', 'seekAudio'] },
              'lyric.seek': { guard: 'validLine', target: 'playing', actions: ['seekToLine', 'seekAudio'] },
            },
          },
          failed: {
            tags: ['error'],
            on: {
              'playback.toggle': {
                guard: 'hasCurrent',
                target: 'loading',
                actions: assign({ autoplay: true, skipped: 0, error: null }),
              },
              'playback.play': {
                guard: 'hasCurrent',
                target: 'loading',
                actions: assign({ autoplay: true, skipped: 0, error: null }),
              },
            },
          },
        },
      },
      /** isUseProgress: on for 200 ms after each slider seek. */
      progressFlag: {
        initial: 'off',
        states: {
          off: {
            entry: assign({ isUseProgress: false }),
            on: { 'seek.commit': { guard: 'hasTrack', target: 'on' } },
          },
          on: {
            entry: assign({ isUseProgress: true }),
            after: { progressFlagReset: 'off' },
            // Each seek restarts the 200 ms.
            on: { 'seek.commit': { guard: 'hasTrack', target: 'on', reenter: true } },
          },
        },
      },
      /** isClickLyric: on for 100 ms after each click on a lyric line. */
      lyricClickFlag: {
        initial: 'off',
        states: {
          off: {
            entry: assign({ isClickLyric: false }),
            on: { 'lyric.seek': { guard: 'validLine', target: 'on' } },
          },
          on: {
            entry: assign({ isClickLyric: true }),
            after: { lyricFlagReset: 'off' },
            on: { 'lyric.seek': { guard: 'validLine', target: 'on', reenter: true } },
          },
        },
      },
      /** COMMON and SPECIAL; switching to COMMON re-centres the current line 300 ms later. */
      lyricType: {
        initial: 'steady',
        on: {
          'board.special': {
            target: '.steady',
            actions: ['setSpecial', assign({ showPlayer: true, showLyricBoard: true })],
          },
        },
        states: {
          steady: {
            on: {
              'lyric.type.toggle': [
                { guard: 'isSpecial', target: 'recentring', actions: 'setCommon' },
                { actions: 'setSpecial' },
              ],
              'lyric.type.set': [
                {
                  guard: ({ context, event }) => event.lyricType === 'COMMON' && context.lyricType === 'SPECIAL',
                  target: 'recentring',
                  actions: 'setCommon',
                },
                { guard: ({ event }) => event.lyricType === 'SPECIAL', actions: 'setSpecial' },
              ],
            },
          },
          /** COMMON, waiting 300 ms to re-centre the current line. */
          recentring: {
            entry: assign({ isToggleImg: true }),
            exit: assign({ isToggleImg: false }),
            after: { lyricRecentre: { target: 'steady', actions: ['countRecentre', 'requestRecentre'] } },
            on: {
              'lyric.type.toggle': { target: 'steady', actions: 'setSpecial' },
              'lyric.type.set': {
                guard: ({ event }) => event.lyricType === 'SPECIAL',
                target: 'steady',
                actions: 'setSpecial',
              },
            },
          },
        },
      },
    },
  }),
);
