import { withMediaSpan, type MusicLevel, type PlaylistDto, type SearchSongDto, type SongDto, type SongUrlDto } from '../../../src/protocol/music';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { LyricReader, MusicSource, PlayCounter } from '../../ports/musicSource';
import { AppError } from '../errors';
import type { MusicCatalogue } from './catalogue';
import { cueLyricName } from './cueSheet';
import type { Playlist, Track } from './library';
import { lyricAnswer } from './lyrics';
import { MAX_KEYWORD_LENGTH } from './songSearch';

const text = zhCN.musicServer;

/** Where the bytes of a song and the covers are served; the version makes each URL immutable. */
export interface MusicUrls {
  song(track: Track): string;
  songCover(track: Track): string;
  playlistCover(playlist: Playlist): string;
}

/** The six calls answered from the blogger's own library. */
export class LocalMusicSource implements MusicSource {
  constructor(
    private readonly catalogue: () => MusicCatalogue,
    private readonly urls: MusicUrls,
    private readonly lyrics: LyricReader,
    private readonly plays: PlayCounter,
  ) {}

  async toplists(): Promise<PlaylistDto[]> {
    const catalogue = this.catalogue();
    return catalogue.playlists.map((playlist) => {
      const tracks = catalogue.tracksOf(playlist.id);
      return {
        id: playlist.id,
        name: playlist.name,
        coverImgUrl: this.urls.playlistCover(playlist),
        description: playlist.description,
        trackCount: tracks.length,
        updateFrequency: text.updatedOn(playlist.updatedAt.slice(0, 10)),
        playCount: tracks.reduce((sum, track) => sum + track.playCount, 0),
      };
    });
  }

  async playlistTracks(id: number, limit: number, offset: number): Promise<SongDto[]> {
    const catalogue = this.catalogue();
    if (!catalogue.playlist(id)) throw new AppError('notFound', text.playlistNotFound);
    return catalogue
      .tracksOf(id)
      .slice(offset, offset + limit)
      .map((track) => this.songDto(track));
  }

  async songUrls(ids: readonly number[], level: MusicLevel): Promise<SongUrlDto[]> {
    const tracks = ids.map((id) => this.known(id));
    const first = tracks[0];
    if (first) {
      await this.plays.countPlay(first.id);
      // The catalogue in memory follows the stored count until the next rescan reloads it.
      first.playCount += 1;
    }
    return tracks.map((track) => ({
      id: track.id,
      url: track.cue ? withMediaSpan({ url: this.urls.song(track), ...track.cue }) : this.urls.song(track),
      br: track.bitrate,
      size: track.size,
      type: track.file.slice(track.file.lastIndexOf('.') + 1).toLowerCase(),
      level,
    }));
  }

  async songDetails(ids: readonly number[]): Promise<SongDto[]> {
    // The public API leaves out ids it does not know; the order asked is kept.
    const catalogue = this.catalogue();
    return ids.flatMap((id) => {
      const track = catalogue.track(id);
      return track ? [this.songDto(track)] : [];
    });
  }

  async search(keywords: string, limit: number, offset: number) {
    if ([...keywords].length > MAX_KEYWORD_LENGTH) throw new AppError('invalid', text.keywordTooLong(MAX_KEYWORD_LENGTH));
    const catalogue = this.catalogue();
    const page = catalogue.search(keywords, offset, limit);
    const songs = page.ids.flatMap((id) => {
      const track = catalogue.track(id);
      return track ? [this.searchSongDto(track)] : [];
    });
    return { songs, songCount: page.total, hasMore: offset + songs.length < page.total };
  }

  async lyric(id: number) {
    const track = this.known(id);
    return lyricAnswer(await this.lyrics.read(track.file, track.cue && cueLyricName(track.title)));
  }

  private known(id: number): Track {
    const track = this.catalogue().track(id);
    if (!track) throw new AppError('notFound', text.songNotFound);
    return track;
  }

  private artists(track: Track) {
    const names = track.artists.length > 0 ? track.artists : [text.unknownArtist];
    return names.map((name) => ({ id: artistId(name), name }));
  }

  private songDto(track: Track): SongDto {
    return {
      id: track.id,
      name: track.title,
      ar: this.artists(track),
      al: { id: track.playlistId, name: track.album, picUrl: this.urls.songCover(track) },
      alia: [...track.aliases],
      dt: track.durationMs,
    };
  }

  private searchSongDto(track: Track): SearchSongDto {
    const cover = this.urls.songCover(track);
    return {
      id: track.id,
      name: track.title,
      artists: this.artists(track).map((artist) => ({ ...artist, img1v1Url: cover })),
      album: { id: track.playlistId, name: track.album, picUrl: cover, artist: { img1v1Url: cover } },
      alias: [...track.aliases],
      duration: track.durationMs,
    };
  }
}

/** Artists have no table of their own: a stable id from the name (FNV-1a, 31 bits). */
export function artistId(name: string): number {
  let hash = 0x811c9dc5;
  for (const unit of name) {
    hash ^= unit.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 1) || 1;
}
