import type { LyricResponse, MusicLevel, PlaylistDto, SearchResponse, SongDto, SongUrlDto } from '../../src/protocol/music';

/**
 * Where the six music calls are answered from: the blogger's own library (the default) or a
 * NeteaseCloudMusicApi-compatible server. Answers are the public API's shapes without `code`; a refusal is an
 * AppError (unknown id → notFound, upstream down → unavailable).
 */
export interface MusicSource {
  toplists(): Promise<PlaylistDto[]>;
  playlistTracks(id: number, limit: number, offset: number): Promise<SongDto[]>;
  songUrls(ids: readonly number[], level: MusicLevel): Promise<SongUrlDto[]>;
  songDetails(ids: readonly number[]): Promise<SongDto[]>;
  search(keywords: string, limit: number, offset: number): Promise<SearchResponse['result']>;
  lyric(id: number): Promise<Omit<LyricResponse, 'code'>>;
}

/**
 * The lyric files beside a track, read on demand: named like `file`, or `sidecar` (a name without folder or
 * extension, in the file's folder) for a song that is not the whole file, a CUE track.
 */
export interface LyricReader {
  read(file: string, sidecar?: string): Promise<{ lrc?: string; translation?: string; yrc?: string }>;
}

/** Counts plays (a song's url was asked for); failures are not the listener's problem. */
export interface PlayCounter {
  countPlay(songId: number): Promise<void>;
}
