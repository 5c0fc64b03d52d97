import { clampLyricSettings, clampVolume, DEFAULT_LYRIC_SETTINGS, LYRIC_OFFSETS_KEPT, normaliseOffset, type LyricOffsets, type LyricSettings } from './display';
import { DEFAULT_VOLUME, PLAY_MODES, type LyricType, type PlayMode, type PlaySource, type Song } from './music';

/** What survives the page: saved on pagehide / hidden, restored (paused) on the next visit. */
export interface SavedPlayer {
  version: typeof SAVED_PLAYER_VERSION;
  /** The list the top / playlist / search song was chosen from. */
  topList: Song[];
  /** "My list", no song twice. */
  customList: Song[];
  current: Song | null;
  source: PlaySource;
  /** Position in the current song, seconds. */
  currentTime: number;
  mode: PlayMode;
  volume: number;
  lyricType: LyricType;
  lyricSettings: LyricSettings;
  lyricOffsets: LyricOffsets;
}

export const SAVED_PLAYER_VERSION = 1;
/** Longest list kept; a longer stored list is cut (storage quota, start-up time). */
export const SAVED_LIST_MAX = 1000;

export function defaultSavedPlayer(): SavedPlayer {
  return {
    version: SAVED_PLAYER_VERSION,
    topList: [],
    customList: [],
    current: null,
    source: 'TOP',
    currentTime: 0,
    mode: 'RANDOM',
    volume: DEFAULT_VOLUME,
    lyricType: 'COMMON',
    lyricSettings: { ...DEFAULT_LYRIC_SETTINGS },
    lyricOffsets: [],
  };
}

/** The fields of a player context that are saved. */
export function toSaved(state: Omit<SavedPlayer, 'version'>): SavedPlayer {
  return {
    version: SAVED_PLAYER_VERSION,
    topList: state.topList,
    customList: state.customList,
    current: state.current,
    source: state.source,
    currentTime: state.currentTime,
    mode: state.mode,
    volume: state.volume,
    lyricType: state.lyricType,
    lyricSettings: state.lyricSettings,
    lyricOffsets: state.lyricOffsets,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function names(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item) => (typeof item === 'string' ? item : isRecord(item) && typeof item.name === 'string' ? item.name : null))
    .filter((name): name is string => name !== null);
}

/** A stored song, also in the API's spellings (`ar`, `alia`, `al.picUrl`); null when it cannot be one. */
export function restoreSong(value: unknown): Song | null {
  if (!isRecord(value)) return null;
  const { id, name } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0 || typeof name !== 'string') return null;
  const album = isRecord(value.al) ? value.al : isRecord(value.album) ? value.album : null;
  const cover = typeof value.cover === 'string' ? value.cover : album && typeof album.picUrl === 'string' ? album.picUrl : '';
  const duration = value.durationMs ?? value.dt ?? value.duration;
  return {
    id,
    name,
    artists: names(value.artists ?? value.ar),
    alias: names(value.alias ?? value.alia),
    cover,
    durationMs: typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : 0,
  };
}

function restoreList(value: unknown, unique: boolean): Song[] {
  if (!Array.isArray(value)) return [];
  const songs: Song[] = [];
  const seen = new Set<number>();
  for (const item of value) {
    const song = restoreSong(item);
    if (!song || (unique && seen.has(song.id))) continue;
    seen.add(song.id);
    songs.push(song);
    if (songs.length >= SAVED_LIST_MAX) break;
  }
  return songs;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function restoreOffsets(value: unknown): LyricOffsets {
  if (!Array.isArray(value)) return [];
  const byId = new Map<number, number>();
  for (const item of value) {
    if (!isRecord(item)) continue;
    const { songId, seconds } = item;
    if (typeof songId !== 'number' || !Number.isSafeInteger(songId) || songId <= 0 || typeof seconds !== 'number') continue;
    const offset = normaliseOffset(seconds);
    byId.delete(songId);
    if (offset !== 0) byId.set(songId, offset);
  }
  return [...byId].map(([songId, seconds]) => ({ songId, seconds })).slice(-LYRIC_OFFSETS_KEPT);
}

/**
 * Reads whatever storage held (possibly corrupt, from an older version, or edited by hand) into a valid state:
 * bad fields fall back to their defaults, bad songs are dropped, my list loses duplicates, an empty my list
 * plays from TOP, and a position without a song is 0.
 */
export function restorePlayer(value: unknown): SavedPlayer {
  const fallback = defaultSavedPlayer();
  if (!isRecord(value) || value.version !== SAVED_PLAYER_VERSION) return fallback;
  const customList = restoreList(value.customList, true);
  const current = restoreSong(value.current);
  const time = value.currentTime;
  const volume = value.volume;
  return {
    version: SAVED_PLAYER_VERSION,
    topList: restoreList(value.topList, false),
    customList,
    current,
    source: customList.length === 0 ? 'TOP' : oneOf<PlaySource>(value.source, ['TOP', 'CUSTOM'], 'TOP'),
    currentTime: current && typeof time === 'number' && Number.isFinite(time) && time > 0 ? time : 0,
    mode: oneOf<PlayMode>(value.mode, PLAY_MODES, fallback.mode),
    volume: typeof volume === 'number' && Number.isFinite(volume) ? clampVolume(volume) : fallback.volume,
    lyricType: oneOf<LyricType>(value.lyricType, ['COMMON', 'SPECIAL'], fallback.lyricType),
    lyricSettings: clampLyricSettings(isRecord(value.lyricSettings) ? (value.lyricSettings as Partial<LyricSettings>) : {}),
    lyricOffsets: restoreOffsets(value.lyricOffsets),
  };
}

/** The saved song as the floating disc shows it before the player's code has loaded. */
export interface SavedSongSummary {
  song: Song;
  /** Where the song was left, seconds. */
  currentTime: number;
}

/**
 * The saved song alone, read from the same stored value as `restorePlayer` and agreeing with it (same song,
 * same position) without restoring the lists: cheap enough for the first paint.
 */
export function savedSongSummary(value: unknown): SavedSongSummary | null {
  if (!isRecord(value) || value.version !== SAVED_PLAYER_VERSION) return null;
  const song = restoreSong(value.current);
  if (!song) return null;
  const time = value.currentTime;
  return { song, currentTime: typeof time === 'number' && Number.isFinite(time) && time > 0 ? time : 0 };
}
