import type { Playlist, RawLyrics, Song } from '../domain/player/music';

/**
 * The music API (`/wapi`, NeteaseCloudMusicApi-compatible). Only answers with `code: 200` are used; any other
 * answer rejects.
 */
export interface MusicApi {
  /** The classified playlists (`/toplist/detail`). */
  playlists(): Promise<Playlist[]>;
  /** One page of a playlist's songs (`/playlist/track/all`). */
  playlistTracks(id: number, offset: number, limit: number): Promise<Song[]>;
  songDetail(ids: readonly number[]): Promise<Song[]>;
  /** The first item's url of `/song/url/v1`; null when the source has no rights to the song. */
  songUrl(id: number, level: string): Promise<string | null>;
  /** `/lyric`: '' for each text that is absent. */
  lyric(id: number): Promise<RawLyrics>;
  /** `/search`: one page of songs. */
  search(keywords: string, offset: number, limit: number): Promise<Song[]>;
}
