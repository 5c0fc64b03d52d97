/** The console's music library as its pages see it (the wire shapes of src/protocol/console/music.ts). */
export interface MusicPlaylist {
  id: number;
  name: string;
  description: string;
  songCount: number;
  coverUrl: string;
  /** The top level's loose songs: cannot be renamed, ordered or deleted. */
  loose: boolean;
}

export interface MusicLibrary {
  /** False when an upstream serves the music: the section is read-only. */
  local: boolean;
  maxUploadBytes: number;
  playlists: MusicPlaylist[];
}

export interface MusicSong {
  id: number;
  playlistId: number;
  fileName: string;
  title: string;
  artists: string[];
  album: string;
  aliases: string[];
  durationMs: number;
  hasLyric: boolean;
  cue: boolean;
  coverUrl: string;
  audioUrl: string;
}

export interface MusicSongFields {
  title: string;
  artists: string[];
  album: string;
  aliases: string[];
}

export interface MusicLyrics {
  lrc: string;
  translation: string;
  yrc: string;
  offsetMs: number;
}

export type LyricKind = 'lrc' | 'translation' | 'yrc';

/** A lyric sidecar's kind by its name (`.t.lrc` before `.lrc`), undefined for anything else. */
export function lyricKindOf(fileName: string): LyricKind | undefined {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.t.lrc')) return 'translation';
  if (lower.endsWith('.lrc')) return 'lrc';
  if (lower.endsWith('.yrc')) return 'yrc';
  return undefined;
}

/** The name without its lyric suffix or audio extension: how sidecars are matched to their song. */
export function songBaseOf(fileName: string): string {
  return fileName.replace(/\.t\.lrc$/i, '').replace(/\.[^.]+$/, '');
}

/** "3:07" from milliseconds. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
