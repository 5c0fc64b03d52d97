import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LyricResponse,
  MUSIC_LEVELS,
  MUSIC_OK,
  PlaylistTracksResponse,
  SearchResponse,
  SongDetailResponse,
  SongUrlResponse,
  ToplistResponse,
} from '../../../../src/protocol/music';
import * as zhCN from '../../../../src/i18n/zh-CN';
import { AppError } from '../../../domain/errors';
import type { MusicSource } from '../../../ports/musicSource';
import type { LocalLibrary } from '../../music/localLibrary';
import { replyWithObject } from '../objectReply';

const text = zhCN.musicServer;
const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const IdList = Type.String({ pattern: '^\\d{1,16}(,\\d{1,16}){0,999}$' });
const ONE_YEAR = 'public, max-age=31536000, immutable';

function idsOf(list: string): number[] {
  return list.split(',').map(Number);
}

/** The six calls of the public NeteaseCloudMusicApi under /wapi, answered by whichever source is configured. */
export const musicRoutes: FastifyPluginAsyncTypebox<{ source: MusicSource }> = async (app, { source }) => {
  app.get('/wapi/toplist/detail', { schema: { response: { 200: ToplistResponse } } }, async () => ({
    code: MUSIC_OK,
    list: await source.toplists(),
  }));

  app.get(
    '/wapi/playlist/track/all',
    {
      schema: {
        querystring: Type.Object({
          id: Id,
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 1000 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        response: { 200: PlaylistTracksResponse },
      },
    },
    async ({ query }) => ({ code: MUSIC_OK, songs: await source.playlistTracks(query.id, query.limit, query.offset) }),
  );

  app.get(
    '/wapi/song/url/v1',
    {
      schema: {
        querystring: Type.Object({ id: IdList, level: Type.Union(MUSIC_LEVELS.map((level) => Type.Literal(level)), { default: 'exhigh' }) }),
        response: { 200: SongUrlResponse },
      },
    },
    async ({ query }) => ({ code: MUSIC_OK, data: await source.songUrls(idsOf(query.id), query.level) }),
  );

  app.get(
    '/wapi/song/detail',
    { schema: { querystring: Type.Object({ ids: IdList }), response: { 200: SongDetailResponse } } },
    async ({ query }) => ({ code: MUSIC_OK, songs: await source.songDetails(idsOf(query.ids)) }),
  );

  app.get(
    '/wapi/search',
    {
      schema: {
        querystring: Type.Object({
          keywords: Type.String({ maxLength: 200 }),
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 30 }),
          offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
        }),
        response: { 200: SearchResponse },
      },
    },
    async ({ query }) => ({ code: MUSIC_OK, result: await source.search(query.keywords, query.limit, query.offset) }),
  );

  app.get(
    '/wapi/lyric',
    { schema: { querystring: Type.Object({ id: Id }), response: { 200: LyricResponse } } },
    async ({ query }) => ({ code: MUSIC_OK, ...(await source.lyric(query.id)) }),
  );
};

/** The local library's bytes: audio with byte ranges, and covers at the asked size. Ids only; never a path. */
export const musicMediaRoutes: FastifyPluginAsyncTypebox<{ library: LocalLibrary }> = async (app, { library }) => {
  // HEAD too, with the length of what GET would send (see replyWithObject).
  app.route({
    method: ['GET', 'HEAD'],
    url: '/wapi/song/media/:id/:tag',
    schema: { params: Type.Object({ id: Id, tag: Type.String({ maxLength: 64 }) }) },
    handler: async (request, reply) => {
      const track = library.catalogue().track(request.params.id);
      if (!track) throw new AppError('notFound', text.songNotFound);
      const current = library.urls.song(track);
      // The file changed since this URL was handed out: point at the current bytes.
      if (!current.endsWith(`/${request.params.tag}`)) return reply.redirect(current, 302);
      return replyWithObject(request, reply, library.folder.files.objects, track.file, {
        contentType: track.mime,
        cacheControl: ONE_YEAR,
        notFound: text.songNotFound,
      });
    },
  });

  app.get(
    '/wapi/cover/:kind/:id/:tag',
    {
      schema: {
        params: Type.Object({ kind: Type.Union([Type.Literal('song'), Type.Literal('playlist')]), id: Id, tag: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ param: Type.Optional(Type.String({ maxLength: 16 })) }),
      },
    },
    async (request, reply) => {
      const { kind, id } = request.params;
      const cover = await library.cover(kind, id, request.query.param);
      return reply.header('cache-control', ONE_YEAR).type('image/jpeg').send(cover);
    },
  );
};
