import type { MusicLevel, PlaylistDto, SearchSongDto, SongDto, SongUrlDto } from '../../../src/protocol/music';
import * as zhCN from '../../../src/i18n/zh-CN';
import { AppError } from '../../domain/errors';
import type { MusicSource } from '../../ports/musicSource';

const text = zhCN.musicServer;
const TIMEOUT_MS = 10_000;
const CACHE_MS = 60_000;
const CACHE_ENTRIES = 500;

type Json = Record<string, unknown>;

const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const integer = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0);
const string = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] => list(value).filter((item): item is string => typeof item === 'string');

/**
 * The same six calls forwarded to a NeteaseCloudMusicApi-compatible server (`MUSIC_UPSTREAM`). Answers are
 * narrowed to our shapes, so an upstream's extra or missing fields never reach the client unchecked; song
 * details and lyrics are cached briefly; a song the upstream has no rights to keeps `url: null` so the player
 * can skip it.
 */
export class UpstreamMusicSource implements MusicSource {
  private readonly cache = new Map<string, { expires: number; value: Promise<Json> }>();

  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    private readonly baseUrl: string,
    options: { timeoutMs?: number; now?: () => number } = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  async toplists(): Promise<PlaylistDto[]> {
    const body = await this.call('/toplist/detail', {});
    return list(body.list).map((item) => {
      const playlist = record(item);
      return {
        id: integer(playlist.id),
        name: string(playlist.name),
        coverImgUrl: this.address(playlist.coverImgUrl),
        description: string(playlist.description),
        trackCount: integer(playlist.trackCount),
        updateFrequency: string(playlist.updateFrequency),
        playCount: integer(playlist.playCount),
      };
    });
  }

  async playlistTracks(id: number, limit: number, offset: number): Promise<SongDto[]> {
    // The public API reads `offset` as a page index; ours counts items, so ask from the start and cut here.
    const body = await this.call('/playlist/track/all', { id, limit: offset + limit, offset: 0 });
    return list(body.songs).slice(offset, offset + limit).map((song) => songOf(song, this.address));
  }

  async songUrls(ids: readonly number[], level: MusicLevel): Promise<SongUrlDto[]> {
    const body = await this.call('/song/url/v1', { id: ids.join(','), level });
    return list(body.data).map((item) => {
      const entry = record(item);
      return {
        id: integer(entry.id),
        url: this.address(entry.url) || null,
        br: integer(entry.br),
        size: integer(entry.size),
        type: string(entry.type).toLowerCase(),
        level: string(entry.level) || level,
      };
    });
  }

  async songDetails(ids: readonly number[]): Promise<SongDto[]> {
    const body = await this.cached(`detail:${ids.join(',')}`, () => this.call('/song/detail', { ids: ids.join(',') }));
    return list(body.songs).map((song) => songOf(song, this.address));
  }

  async search(keywords: string, limit: number, offset: number) {
    const body = await this.call('/search', { keywords, limit, offset });
    const result = record(body.result);
    const songs = list(result.songs).map((song) => searchSongOf(song, this.address));
    const songCount = integer(result.songCount);
    return { songs, songCount, hasMore: typeof result.hasMore === 'boolean' ? result.hasMore : offset + songs.length < songCount };
  }

  async lyric(id: number) {
    const body = await this.cached(`lyric:${id}`, () => this.call('/lyric', { id }));
    const part = (value: unknown) => {
      const lyric = string(record(value).lyric);
      return lyric.trim() ? { lyric } : undefined;
    };
    const lrc = part(body.lrc);
    const tlyric = part(body.tlyric);
    const yrc = part(body.yrc);
    if (!lrc && !yrc) return { nolyric: true };
    return { ...(lrc && { lrc }), ...(tlyric && { tlyric }), ...(yrc && { yrc }) };
  }

  /**
   * An address the upstream gave, for the browser: a relative one (another copy of this blog answers
   * `/wapi/song/media/…`) is resolved against the upstream's own address, an absolute one kept; anything but
   * http(s) becomes ''.
   */
  private readonly address = (value: unknown): string => {
    const text = string(value);
    if (text === '') return '';
    try {
      const resolved = new URL(text, this.baseUrl + '/');
      return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.toString() : '';
    } catch {
      return '';
    }
  };

  private cached(key: string, load: () => Promise<Json>): Promise<Json> {
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.cache.size >= CACHE_ENTRIES) {
      for (const [stale, entry] of this.cache) if (entry.expires <= now || this.cache.size >= CACHE_ENTRIES) this.cache.delete(stale);
    }
    const value = load();
    this.cache.set(key, { expires: now + CACHE_MS, value });
    // A failure is not remembered: the next listener asks again.
    value.catch(() => this.cache.delete(key));
    return value;
  }

  private async call(route: string, query: Record<string, string | number>): Promise<Json> {
    const url = new URL(this.baseUrl + route);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new AppError(timedOut ? 'timeout' : 'unavailable', timedOut ? text.upstreamTimeout : text.upstreamFailed);
    }
    const body = record(await response.json().catch(() => undefined));
    if (!response.ok || body.code !== 200) throw new AppError('unavailable', text.upstreamFailed);
    return body;
  }
}

/** How the upstream's addresses are turned into ones the browser can use (UpstreamMusicSource.address). */
type Address = (value: unknown) => string;

function songOf(item: unknown, address: Address): SongDto {
  const song = record(item);
  const album = record(song.al);
  return {
    id: integer(song.id),
    name: string(song.name),
    ar: list(song.ar).map((artist) => ({ id: integer(record(artist).id), name: string(record(artist).name) })),
    al: { id: integer(album.id), name: string(album.name), picUrl: address(album.picUrl) },
    alia: strings(song.alia),
    dt: integer(song.dt),
  };
}

function searchSongOf(item: unknown, address: Address): SearchSongDto {
  const song = record(item);
  const album = record(song.album);
  return {
    id: integer(song.id),
    name: string(song.name),
    artists: list(song.artists).map((artist) => {
      const entry = record(artist);
      return { id: integer(entry.id), name: string(entry.name), img1v1Url: address(entry.img1v1Url) };
    }),
    album: {
      id: integer(album.id),
      name: string(album.name),
      picUrl: address(album.picUrl),
      artist: { img1v1Url: address(record(album.artist).img1v1Url) },
    },
    alias: strings(song.alias),
    duration: integer(song.duration),
  };
}
