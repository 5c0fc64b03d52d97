import type { UploadProgress } from '../../domain/console/showcase/showcase';
import type { MusicLibrary, MusicLyrics, MusicPlaylist, MusicSong, MusicSongFields } from '../../domain/console/music/music';

/**
 * The console's music library (音乐). Every call rejects with the server's Chinese message; one the HTTP client
 * already showed rejects with a ReportedError. Uploads report their progress and stop when `signal` aborts; a
 * file over the limit is refused before it is sent.
 */
export interface MusicConsoleApi {
  library(): Promise<MusicLibrary>;
  createPlaylist(name: string, description: string): Promise<MusicPlaylist>;
  editPlaylist(id: number, name: string, description: string): Promise<MusicPlaylist>;
  arrangePlaylists(ids: number[]): Promise<MusicPlaylist[]>;
  deletePlaylist(id: number): Promise<void>;
  setPlaylistCover(id: number, file: Blob, fileName: string): Promise<MusicPlaylist>;
  songs(playlistId: number): Promise<MusicSong[]>;
  arrangeSongs(playlistId: number, ids: number[]): Promise<MusicSong[]>;
  uploadSong(playlistId: number, file: Blob, fileName: string, maxBytes: number, onProgress: UploadProgress, signal: AbortSignal): Promise<MusicSong>;
  editSong(id: number, fields: MusicSongFields): Promise<MusicSong>;
  moveSong(id: number, playlistId: number): Promise<MusicSong>;
  deleteSong(id: number): Promise<void>;
  setSongCover(id: number, file: Blob, fileName: string): Promise<MusicSong>;
  lyrics(id: number): Promise<MusicLyrics>;
  saveLyrics(id: number, lyrics: MusicLyrics): Promise<MusicSong>;
}
