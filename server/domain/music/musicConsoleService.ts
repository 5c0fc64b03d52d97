import { lyricOffset, withLyricOffset } from '../../../src/domain/console/music/lyricOffset';
import { MUSIC_LIMITS } from '../../../src/domain/console/music/musicLimits';
import * as zhCN from '../../../src/i18n/zh-CN';
import {
  MUSIC_UPLOAD_MAX_BYTES,
  type ConsolePlaylistDto,
  type ConsoleSongDto,
  type MusicLibraryDto,
  type PlaylistBody,
  type SongBody,
  type SongLyricsDto,
} from '../../../src/protocol/console/music';
import type { IncomingFile, MusicLibraryEditor } from '../../ports/musicLibraryEditor';
import { AppError } from '../errors';
import { splitArtists, type Playlist, type Track } from './library';

const text = zhCN.consoleMusic.server;

const length = (value: string) => [...value].length;

function limited(value: string, field: string, max: number): string {
  const trimmed = value.trim();
  if (length(trimmed) > max) throw new AppError('invalid', text.tooLong(field, max));
  return trimmed;
}

/** Every id once, and only ids of `known`; answers them in that order, the ones not named after. */
function arranged<T extends { id: number }>(known: readonly T[], ids: readonly number[]): T[] {
  if (new Set(ids).size !== ids.length) throw new AppError('invalid', text.orderRepeated);
  const byId = new Map(known.map((item) => [item.id, item]));
  const first = ids.map((id) => {
    const item = byId.get(id);
    if (!item) throw new AppError('invalid', text.orderForeign);
    return item;
  });
  const named = new Set(ids);
  return [...first, ...known.filter((item) => !named.has(item.id))];
}

/** The console's music library: validation and answers over the music folder's editor. */
export class MusicConsoleService {
  constructor(private readonly editor: MusicLibraryEditor) {}

  library(): MusicLibraryDto {
    return { local: true, maxUploadBytes: MUSIC_UPLOAD_MAX_BYTES, playlists: this.playlistDtos() };
  }

  async createPlaylist(body: PlaylistBody): Promise<ConsolePlaylistDto> {
    const { name, description } = this.playlistFields(body);
    return this.playlistDto(this.playlist(await this.editor.createPlaylist(name, description)));
  }

  async editPlaylist(id: number, body: PlaylistBody): Promise<ConsolePlaylistDto> {
    const playlist = this.playlist(id);
    const { name, description } = this.playlistFields(body);
    if (name !== playlist.name) {
      if (playlist.folder === '') throw new AppError('invalid', text.looseFixed);
      await this.editor.renamePlaylist(playlist, name);
    }
    if (description !== playlist.description) await this.editor.describePlaylist(this.playlist(id), description);
    return this.playlistDto(this.playlist(id));
  }

  async orderPlaylists(ids: readonly number[]): Promise<ConsolePlaylistDto[]> {
    const movable = this.editor.catalogue().folders.filter((playlist) => playlist.folder !== '' && !playlist.folder.includes('/'));
    if (ids.some((id) => this.editor.catalogue().folder(id)?.folder === '')) throw new AppError('invalid', text.looseFixed);
    await this.editor.orderPlaylists(arranged(movable, ids));
    return this.playlistDtos();
  }

  async deletePlaylist(id: number): Promise<void> {
    const playlist = this.playlist(id);
    if (playlist.folder === '') throw new AppError('invalid', text.looseFixed);
    const songs = this.editor.catalogue().tracksOf(id).length;
    if (songs > 0) throw new AppError('conflict', text.playlistNotEmpty(songs));
    await this.editor.deletePlaylist(playlist);
  }

  async setPlaylistCover(id: number, image: Buffer): Promise<ConsolePlaylistDto> {
    await this.editor.setPlaylistCover(this.playlist(id), image);
    return this.playlistDto(this.playlist(id));
  }

  async songs(playlistId: number): Promise<ConsoleSongDto[]> {
    this.playlist(playlistId);
    return Promise.all(this.editor.catalogue().tracksOf(playlistId).map((track) => this.songDto(track)));
  }

  async orderSongs(playlistId: number, ids: readonly number[]): Promise<ConsoleSongDto[]> {
    const playlist = this.playlist(playlistId);
    await this.editor.orderSongs(playlist, arranged(this.editor.catalogue().tracksOf(playlistId), ids));
    return this.songs(playlistId);
  }

  async addSong(playlistId: number, file: IncomingFile): Promise<ConsoleSongDto> {
    const id = await this.editor.addSong(this.playlist(playlistId), file);
    return this.songDto(this.song(id));
  }

  async editSong(id: number, body: SongBody): Promise<ConsoleSongDto> {
    const song = this.editable(id);
    const title = limited(body.title, text.title, MUSIC_LIMITS.title);
    if (!title) throw new AppError('invalid', text.titleRequired);
    const artists = splitArtists(body.artists).map((name) => limited(name, text.artist, MUSIC_LIMITS.artist));
    const album = limited(body.album, text.album, MUSIC_LIMITS.album);
    const aliases = body.aliases.map((alias) => limited(alias, text.alias, MUSIC_LIMITS.alias)).filter(Boolean);
    await this.editor.editSong(song, { title, artists, album, aliases });
    return this.songDto(this.song(id));
  }

  async moveSong(id: number, playlistId: number): Promise<ConsoleSongDto> {
    const song = this.editable(id);
    const to = this.playlist(playlistId);
    if (to.id === song.playlistId) throw new AppError('invalid', text.samePlaylist);
    await this.editor.moveSong(song, to);
    return this.songDto(this.song(id));
  }

  async deleteSong(id: number): Promise<void> {
    await this.editor.deleteSong(this.editable(id));
  }

  async setSongCover(id: number, image: Buffer): Promise<ConsoleSongDto> {
    await this.editor.setSongCover(this.editable(id), image);
    return this.songDto(this.song(id));
  }

  async lyrics(id: number): Promise<SongLyricsDto> {
    const texts = await this.editor.lyrics(this.song(id));
    return { ...texts, lrc: withLyricOffset(texts.lrc, 0), offsetMs: lyricOffset(texts.lrc) };
  }

  async writeLyrics(id: number, body: SongLyricsDto): Promise<ConsoleSongDto> {
    const song = this.editable(id);
    for (const value of [body.lrc, body.translation, body.yrc]) {
      if (length(value) > MUSIC_LIMITS.lyric) throw new AppError('invalid', text.tooLong(text.lyric, MUSIC_LIMITS.lyric));
    }
    if (Math.abs(body.offsetMs) > MUSIC_LIMITS.offsetMs) throw new AppError('invalid', text.offsetRange(MUSIC_LIMITS.offsetMs));
    const lrc = body.lrc.trim() ? withLyricOffset(body.lrc, body.offsetMs) : '';
    await this.editor.writeLyrics(song, { lrc, translation: body.translation.trim() ? body.translation : '', yrc: body.yrc.trim() ? body.yrc : '' });
    return this.songDto(this.song(id));
  }

  private playlistFields(body: PlaylistBody) {
    const name = limited(body.name, text.playlistName, MUSIC_LIMITS.playlistName);
    if (!name) throw new AppError('invalid', text.nameRequired);
    return { name, description: limited(body.description, text.playlistDescription, MUSIC_LIMITS.playlistDescription) };
  }

  private playlist(id: number): Playlist {
    const playlist = this.editor.catalogue().folder(id);
    if (!playlist) throw new AppError('notFound', text.playlistNotFound);
    return playlist;
  }

  private song(id: number): Track {
    const song = this.editor.catalogue().track(id);
    if (!song) throw new AppError('notFound', text.songNotFound);
    return song;
  }

  /** A song whose files the console may change: a CUE track is edited in its sheet. */
  private editable(id: number): Track {
    const song = this.song(id);
    if (song.cue) throw new AppError('invalid', text.cueTrack);
    return song;
  }

  private playlistDtos(): ConsolePlaylistDto[] {
    return this.editor.catalogue().folders.map((playlist) => this.playlistDto(playlist));
  }

  private playlistDto(playlist: Playlist): ConsolePlaylistDto {
    return {
      id: playlist.id,
      name: playlist.name,
      description: playlist.description,
      songCount: this.editor.catalogue().tracksOf(playlist.id).length,
      coverUrl: this.editor.urls.playlistCover(playlist),
      loose: playlist.folder === '',
    };
  }

  private async songDto(track: Track): Promise<ConsoleSongDto> {
    return {
      id: track.id,
      playlistId: track.playlistId,
      fileName: track.file.slice(track.file.lastIndexOf('/') + 1),
      title: track.title,
      artists: [...track.artists],
      album: track.album,
      aliases: [...track.aliases],
      durationMs: track.durationMs,
      hasLyric: await this.editor.hasLyric(track),
      cue: track.cue !== undefined,
      coverUrl: this.editor.urls.songCover(track),
      audioUrl: this.editor.urls.song(track),
    };
  }
}
