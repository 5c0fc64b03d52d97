/** The music side of the spec (sections 3 and 9): songs, playlists, modes and the constants the player runs on. */

/** A song as the player keeps it, whichever API shape it came from (`ar`/`artists`, `alia`/`alias`). */
export interface Song {
  id: number;
  name: string;
  /** Artist names; empty when unknown (the view shows the "singer got lost" placeholder). */
  artists: string[];
  /** Aliases, shown in the "other" column. */
  alias: string[];
  /** Cover image URL; '' when unknown (the view shows the embedded default cover). */
  cover: string;
  /** Length in ms as the API reports it; 0 when unknown. */
  durationMs: number;
}

/** A classified playlist (a cover tile in the overlay's left column). */
export interface Playlist {
  id: number;
  name: string;
  coverImgUrl: string;
}

export type PlayMode = 'RANDOM' | 'LISTLOOP' | 'SINGLECYCLE';
export const PLAY_MODES: readonly PlayMode[] = ['RANDOM', 'LISTLOOP', 'SINGLECYCLE'];
/** The list the player takes its next song from. */
export type PlaySource = 'TOP' | 'CUSTOM';
export type LyricType = 'COMMON' | 'SPECIAL';

/** One timed word of a karaoke line (enhanced LRC or NetEase YRC). Times in ms from the start of the song. */
export interface LyricWord {
  start: number;
  duration: number;
  text: string;
}

export interface LyricLine {
  /** Start of the line in ms. */
  time: number;
  text: string;
  translation?: string;
  words?: LyricWord[];
}

/** The raw lyric texts of `/lyric`: LRC, its translation and the word-timed YRC; '' when absent. */
export interface RawLyrics {
  lrc: string;
  tlyric: string;
  yrc: string;
}

/** The song being played (spec "Current track"), with its parsed lyrics. */
export interface CurrentTrack {
  id: number;
  url: string;
  lines: LyricLine[];
  /** `lines[i].text`, as the spec names it. */
  lyricList: string[];
  /** `lines[i].time` in ms, sorted ascending: what the active-line search runs on. */
  lyricTimeList: number[];
}

export const MUSIC_SEARCH_PAGE_SIZE = 20;
export const SONG_LIST_PAGE_SIZE = 30;
export const DEFAULT_VOLUME = 0.5;
export const DEFAULT_SONG_LEVEL = 'exhigh';
/** Seek flag reset after a slider seek (isUseProgress). */
export const PROGRESS_FLAG_MS = 200;
/** Seek flag reset after a click on a lyric line (isClickLyric). */
export const LYRIC_CLICK_FLAG_MS = 100;
/** Delay before the current line is re-centred after switching to the COMMON lyric board. */
export const LYRIC_RECENTRE_MS = 300;
/** Without a user choice, the fourth classified playlist is shown first. */
export const DEFAULT_PLAYLIST_INDEX = 3;

export function isInList(list: readonly Song[], id: number): boolean {
  return list.some((song) => song.id === id);
}
