import { Type, type Static } from 'typebox';
import { MUSIC_OK } from './codes';

/**
 * The music API (`/wapi/*`): the six calls of the public NeteaseCloudMusicApi, in its response shapes, so a
 * client written for that API works against ours. Every answer carries `code`; 200 is success.
 */
export { MUSIC_OK };

export const ArtistDto = Type.Object({ id: Type.Integer(), name: Type.String() });
export type ArtistDto = Static<typeof ArtistDto>;

export const AlbumDto = Type.Object({ id: Type.Integer(), name: Type.String(), picUrl: Type.String() });
export type AlbumDto = Static<typeof AlbumDto>;

/** A song as `/playlist/track/all` and `/song/detail` give it. `dt` is the duration in ms. */
export const SongDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  ar: Type.Array(ArtistDto),
  al: AlbumDto,
  alia: Type.Array(Type.String()),
  dt: Type.Integer(),
});
export type SongDto = Static<typeof SongDto>;

/** A song as `/search` gives it: the older field names of the public API. */
export const SearchSongDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  artists: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), img1v1Url: Type.String() })),
  album: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    picUrl: Type.String(),
    artist: Type.Object({ img1v1Url: Type.String() }),
  }),
  alias: Type.Array(Type.String()),
  duration: Type.Integer(),
});
export type SearchSongDto = Static<typeof SearchSongDto>;

export const PlaylistDto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  coverImgUrl: Type.String(),
  description: Type.String(),
  trackCount: Type.Integer(),
  updateFrequency: Type.String(),
  playCount: Type.Integer(),
});
export type PlaylistDto = Static<typeof PlaylistDto>;

export const ToplistResponse = Type.Object({ code: Type.Literal(MUSIC_OK), list: Type.Array(PlaylistDto) });
export type ToplistResponse = Static<typeof ToplistResponse>;

export const PlaylistTracksResponse = Type.Object({ code: Type.Literal(MUSIC_OK), songs: Type.Array(SongDto) });
export type PlaylistTracksResponse = Static<typeof PlaylistTracksResponse>;

export const SongDetailResponse = Type.Object({ code: Type.Literal(MUSIC_OK), songs: Type.Array(SongDto) });
export type SongDetailResponse = Static<typeof SongDetailResponse>;

/** `url` is null when the source has no rights to the song; the player skips it. */
export const SongUrlDto = Type.Object({
  id: Type.Integer(),
  url: Type.Union([Type.String(), Type.Null()]),
  br: Type.Integer(),
  size: Type.Integer(),
  type: Type.String(),
  level: Type.String(),
});
export type SongUrlDto = Static<typeof SongUrlDto>;

export const SongUrlResponse = Type.Object({ code: Type.Literal(MUSIC_OK), data: Type.Array(SongUrlDto) });

/**
 * What of the file at a song URL the song is: a CUE track is a span of its album's one file. The span rides on
 * `url` as a W3C media fragment, `#t=<start>,<end>` in seconds (no end: to the file's end), rather than in
 * fields of our own: `url` stays the one field a client plays, a browser given it as it is plays just the span,
 * and the fragment never reaches the server, so the bytes are still served (and cached) per file.
 */
export interface MediaSpan {
  url: string;
  startMs: number;
  endMs: number | null;
}

export function withMediaSpan({ url, startMs, endMs }: MediaSpan): string {
  return `${url}#t=${startMs / 1000}${endMs === null ? '' : `,${endMs / 1000}`}`;
}

/** The URL without its fragment and the span it names; the whole file when there is none. */
export function mediaSpanOf(url: string): MediaSpan {
  const hash = url.indexOf('#');
  const time = hash < 0 ? null : /(?:^|&)t=(?:npt:)?(\d+(?:\.\d+)?)?(?:,(\d+(?:\.\d+)?))?(?:&|$)/.exec(url.slice(hash + 1));
  if (hash < 0 || !time) return { url, startMs: 0, endMs: null };
  const ms = (seconds: string) => Math.round(Number(seconds) * 1000);
  return { url: url.slice(0, hash), startMs: time[1] === undefined ? 0 : ms(time[1]), endMs: time[2] === undefined ? null : ms(time[2]) };
}
export type SongUrlResponse = Static<typeof SongUrlResponse>;

export const SearchResponse = Type.Object({
  code: Type.Literal(MUSIC_OK),
  result: Type.Object({ songs: Type.Array(SearchSongDto), songCount: Type.Integer(), hasMore: Type.Boolean() }),
});
export type SearchResponse = Static<typeof SearchResponse>;

/** The shape of the public `/lyric/new`: `tlyric` with a translation, `yrc` with word times, `nolyric` with none. */
export const LyricResponse = Type.Object({
  code: Type.Literal(MUSIC_OK),
  lrc: Type.Optional(Type.Object({ lyric: Type.String() })),
  tlyric: Type.Optional(Type.Object({ lyric: Type.String() })),
  yrc: Type.Optional(Type.Object({ lyric: Type.String() })),
  nolyric: Type.Optional(Type.Boolean()),
});
export type LyricResponse = Static<typeof LyricResponse>;

/** A refusal: an unknown id, a bad parameter, an upstream failure. `code` equals the HTTP status. */
export const MusicErrorResponse = Type.Object({ code: Type.Integer(), message: Type.String() });
export type MusicErrorResponse = Static<typeof MusicErrorResponse>;

export const MUSIC_LEVELS = ['standard', 'higher', 'exhigh', 'lossless', 'hires'] as const;
export type MusicLevel = (typeof MUSIC_LEVELS)[number];
