import { MUSIC_OK } from '../../protocol/codes';
import type {
  LyricResponse,
  PlaylistTracksResponse,
  SearchResponse,
  SearchSongDto,
  SongDetailResponse,
  SongDto,
  SongUrlResponse,
  ToplistResponse,
} from '../../protocol/music';
import type { Playlist, RawLyrics, Song } from '../../domain/player/music';
import type { MusicApi } from '../../ports/musicApi';
import { ApiError } from './apiError';
import type { HttpClient } from './httpClient';

/**
 * `/wapi` answers in NeteaseCloudMusicApi's shapes (`code: 200`), not the site's `{code: 0, result}` envelope,
 * so this adapter reads the body itself through the shared client (same timeout, notices and 401
 * handling). Only a body with code 200 is used (spec section 5); anything else rejects with ApiError.
 */
export function createMusicApi(http: HttpClient, base = '/wapi'): MusicApi {
  async function get<T extends { code: number }>(path: string, params: Record<string, string | number>): Promise<T> {
    const data = await http.requestBody<T | { code?: unknown; message?: unknown }>({ method: 'GET', url: `${base}${path}`, params });
    const code = typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : undefined;
    if (code !== MUSIC_OK) {
      const message = typeof (data as { message?: unknown })?.message === 'string' ? String((data as { message: string }).message) : 'music API refused';
      throw new ApiError(message, 200, typeof code === 'number' ? code : 0);
    }
    return data as T;
  }

  return {
    async playlists() {
      const body = await get<ToplistResponse>('/toplist/detail', {});
      return body.list.map((item): Playlist => ({ id: item.id, name: item.name, coverImgUrl: item.coverImgUrl }));
    },
    async playlistTracks(id, offset, limit) {
      const body = await get<PlaylistTracksResponse>('/playlist/track/all', { id, limit, offset });
      return body.songs.map(fromSongDto);
    },
    async songDetail(ids) {
      const body = await get<SongDetailResponse>('/song/detail', { ids: ids.join(',') });
      return body.songs.map(fromSongDto);
    },
    async songUrl(id, level) {
      const body = await get<SongUrlResponse>('/song/url/v1', { id, level });
      return body.data[0]?.url ?? null;
    },
    async lyric(id) {
      const body = await get<LyricResponse>('/lyric', { id });
      return {
        lrc: body.lrc?.lyric ?? '',
        tlyric: body.tlyric?.lyric ?? '',
        yrc: body.yrc?.lyric ?? '',
      } satisfies RawLyrics;
    },
    async search(keywords, offset, limit) {
      const body = await get<SearchResponse>('/search', { keywords, offset, limit });
      return (body.result?.songs ?? []).map(fromSearchSongDto);
    },
  };
}

export function fromSongDto(dto: SongDto): Song {
  return {
    id: dto.id,
    name: dto.name,
    artists: (dto.ar ?? []).map((artist) => artist.name).filter((name) => typeof name === 'string' && name !== ''),
    alias: dto.alia ?? [],
    cover: dto.al?.picUrl ?? '',
    durationMs: dto.dt ?? 0,
  };
}

export function fromSearchSongDto(dto: SearchSongDto): Song {
  return {
    id: dto.id,
    name: dto.name,
    artists: (dto.artists ?? []).map((artist) => artist.name).filter((name) => typeof name === 'string' && name !== ''),
    alias: dto.alias ?? [],
    cover: dto.album?.picUrl || dto.album?.artist?.img1v1Url || '',
    durationMs: dto.duration ?? 0,
  };
}
