import { Type, type Static } from 'typebox';

/*
 * Wire contract of the console's music library (音乐). Every call is under /api/admin (administrators only),
 * answers the envelope `{ code, result, message }` and needs the X-Requested-With marker for a write. Path ids are
 * positive integers; an unknown id is a 404; a rule broken is a 400 (a refusal that depends on the library's
 * state, such as deleting a playlist that still has songs, a 409) with a Chinese message (catalogue section
 * `zhCN.consoleMusic.server`). Every change is written into MUSIC_DIR (see docs/music.md) and the public /wapi
 * answers show it as soon as the call has answered.
 *
 *   GET    /api/admin/music/playlists                     → MusicLibraryDto (local: false with MUSIC_UPSTREAM,
 *          then every other call is absent: 404)
 *   POST   /api/admin/music/playlists   body PlaylistBody → ConsolePlaylistDto (a new folder, listed last)
 *   PUT    /api/admin/music/playlists/order body MusicOrderBody → ConsolePlaylistDto[]
 *   PUT    /api/admin/music/playlists/:id body PlaylistBody → ConsolePlaylistDto (name: the folder is renamed,
 *          its number prefix kept; description: description.txt)
 *   DELETE /api/admin/music/playlists/:id                 → null (only an empty playlist: 409 otherwise)
 *   POST   /api/admin/music/playlists/:id/cover multipart, one image → ConsolePlaylistDto (cover.jpg)
 *   GET    /api/admin/music/playlists/:id/songs           → ConsoleSongDto[] (in order)
 *   PUT    /api/admin/music/playlists/:id/songs/order body MusicOrderBody → ConsoleSongDto[]
 *   POST   /api/admin/music/playlists/:id/songs multipart, one audio file ≤ MUSIC_UPLOAD_MAX_BYTES → ConsoleSongDto
 *          (413 over the limit, 415 when its bytes are not MP3, FLAC, Ogg, M4A or WAV; nothing is left behind)
 *   PUT    /api/admin/music/songs/:id  body SongBody      → ConsoleSongDto (songs.json beside it)
 *   PUT    /api/admin/music/songs/:id/playlist body SongMoveBody → ConsoleSongDto (the file and its sidecars move)
 *   DELETE /api/admin/music/songs/:id                     → null (the file, its lyrics and its cover)
 *   POST   /api/admin/music/songs/:id/cover multipart, one image → ConsoleSongDto (<song>.jpg beside it)
 *   GET    /api/admin/music/songs/:id/lyrics              → SongLyricsDto
 *   PUT    /api/admin/music/songs/:id/lyrics body SongLyricsDto → ConsoleSongDto (.lrc with [offset:], .t.lrc,
 *          .yrc; an empty text removes that file)
 */

/** The largest audio file accepted; the browser refuses a bigger one before sending it. */
export const MUSIC_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
/** The largest cover picture. */
export const MUSIC_COVER_MAX_BYTES = 10 * 1024 * 1024;
export const ConsolePlaylistDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  songCount: Type.Integer(),
  coverUrl: Type.String(),
  /** The top level's loose songs: a fixed playlist that cannot be renamed, ordered or deleted. */
  loose: Type.Boolean(),
});
export type ConsolePlaylistDto = Static<typeof ConsolePlaylistDto>;

export const MusicLibraryDto = Type.Object({
  /** False when MUSIC_UPSTREAM serves the music: nothing can be changed here. */
  local: Type.Boolean(),
  maxUploadBytes: Type.Integer(),
  playlists: Type.Array(ConsolePlaylistDto),
});
export type MusicLibraryDto = Static<typeof MusicLibraryDto>;

export const ConsoleSongDto = Type.Object({
  id: Type.Integer(),
  playlistId: Type.Integer(),
  /** The file's name in its folder. */
  fileName: Type.String(),
  title: Type.String(),
  artists: Type.Array(Type.String()),
  album: Type.String(),
  aliases: Type.Array(Type.String()),
  durationMs: Type.Integer(),
  hasLyric: Type.Boolean(),
  /** One track of a CUE album: edited in its sheet, not here. */
  cue: Type.Boolean(),
  coverUrl: Type.String(),
  /** The address the player plays it from (/wapi/song/media/{id}/{version}). */
  audioUrl: Type.String(),
});
export type ConsoleSongDto = Static<typeof ConsoleSongDto>;

export const PlaylistBody = Type.Object({
  name: Type.String(),
  description: Type.String(),
});
export type PlaylistBody = Static<typeof PlaylistBody>;

export const MusicOrderBody = Type.Object({ ids: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 10_000 }) });
export type MusicOrderBody = Static<typeof MusicOrderBody>;

export const SongBody = Type.Object({
  title: Type.String(),
  artists: Type.Array(Type.String(), { maxItems: 20 }),
  album: Type.String(),
  aliases: Type.Array(Type.String(), { maxItems: 5 }),
});
export type SongBody = Static<typeof SongBody>;

export const SongMoveBody = Type.Object({ playlistId: Type.Integer({ minimum: 1 }) });
export type SongMoveBody = Static<typeof SongMoveBody>;

export const SongLyricsDto = Type.Object({
  /** The LRC without its [offset:] line (that is `offsetMs`). */
  lrc: Type.String(),
  translation: Type.String(),
  yrc: Type.String(),
  offsetMs: Type.Integer(),
});
export type SongLyricsDto = Static<typeof SongLyricsDto>;
