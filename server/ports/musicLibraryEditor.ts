import type { MusicCatalogue } from '../domain/music/catalogue';
import type { SongMeta } from '../domain/music/folderEdits';
import type { Playlist, Track } from '../domain/music/library';
import type { MusicUrls } from '../domain/music/localMusicSource';

/** A file arriving in a request, read as it comes (an audio file may be hundreds of megabytes). */
export interface IncomingFile {
  /** The name the browser gave: only ever used sanitised. */
  name: string;
  chunks: AsyncIterable<Uint8Array>;
  /** True once the stream was cut at the size limit. */
  truncated(): boolean;
}

/** A song's lyric files as texts; '' for a file it does not have. */
export interface SongLyricTexts {
  lrc: string;
  translation: string;
  yrc: string;
}

/**
 * The music folder as the console changes it. Each call writes into MUSIC_DIR (atomically, names sanitised), keeps
 * the catalogue's rows (and so the ids) in step in the same operation, and resolves once the catalogue shows it.
 */
export interface MusicLibraryEditor {
  catalogue(): MusicCatalogue;
  readonly urls: MusicUrls;
  /** Answers the new playlist's id. */
  createPlaylist(name: string, description: string): Promise<number>;
  renamePlaylist(playlist: Playlist, name: string): Promise<void>;
  describePlaylist(playlist: Playlist, description: string): Promise<void>;
  /** Top-level playlists in this order (the loose songs stay last). */
  orderPlaylists(playlists: readonly Playlist[]): Promise<void>;
  /** Removes an empty playlist's folder; refuses when other files are in it. */
  deletePlaylist(playlist: Playlist): Promise<void>;
  setPlaylistCover(playlist: Playlist, image: Buffer): Promise<void>;
  orderSongs(playlist: Playlist, songs: readonly Track[]): Promise<void>;
  /** Answers the new song's id; refuses a file over `maxBytes` (413) or one that is not audio by its bytes (415). */
  addSong(playlist: Playlist, file: IncomingFile): Promise<number>;
  editSong(song: Track, meta: SongMeta): Promise<void>;
  moveSong(song: Track, to: Playlist): Promise<void>;
  deleteSong(song: Track): Promise<void>;
  setSongCover(song: Track, image: Buffer): Promise<void>;
  lyrics(song: Track): Promise<SongLyricTexts>;
  writeLyrics(song: Track, lyrics: SongLyricTexts): Promise<void>;
  /** Whether the song has timed or plain lyrics (beside it or inside it). */
  hasLyric(song: Track): Promise<boolean>;
}
