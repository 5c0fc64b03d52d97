import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import * as zhCN from '../../../../../src/i18n/zh-CN';
import {
  ConsolePlaylistDto,
  ConsoleSongDto,
  MUSIC_COVER_MAX_BYTES,
  MUSIC_UPLOAD_MAX_BYTES,
  MusicLibraryDto,
  MusicOrderBody,
  PlaylistBody,
  SongBody,
  SongLyricsDto,
  SongMoveBody,
} from '../../../../../src/protocol/console/music';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import { accountMessages } from '../../../../domain/accounts/messages';
import { parseId } from '../../../../domain/content/input';
import { AppError } from '../../../../domain/errors';
import type { MusicConsoleService } from '../../../../domain/music/musicConsoleService';
import type { IncomingFile } from '../../../../ports/musicLibraryEditor';
import { ok } from '../../envelope';
import { acceptPictures, uploadedFile } from '../upload';

const text = zhCN.consoleMusic.server;
const IdParams = Type.Object({ id: Type.String() });
const Done = { 200: envelopeOf(Type.Null()) };
const playlistId = (request: { params: { id: string } }) => parseId(request.params.id, text.playlist);
const songId = (request: { params: { id: string } }) => parseId(request.params.id, text.song);
const coverTooLarge = text.coverTooLarge(MUSIC_COVER_MAX_BYTES / 1024 / 1024);

/** The upstream serves the music: the console only says so. */
const upstreamLibrary: MusicLibraryDto = { local: false, maxUploadBytes: 0, playlists: [] };

/** The one audio file of a multipart request, read as it arrives. */
async function incomingAudio(request: FastifyRequest): Promise<IncomingFile> {
  if (!request.isMultipart()) throw new AppError('invalid', accountMessages.uploadMissing);
  const part = await request.file();
  if (!part) throw new AppError('invalid', accountMessages.uploadMissing);
  return { name: part.filename, chunks: part.file, truncated: () => part.file.truncated };
}

/** Audio uploads: their own multipart scope, for their own size limit. */
const audioRoutes: FastifyPluginAsyncTypebox<{ music: MusicConsoleService }> = async (app, { music }) => {
  await app.register(multipart, { limits: { fileSize: MUSIC_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  app.post(
    '/music/playlists/:id/songs',
    { schema: { params: IdParams, response: { 200: envelopeOf(ConsoleSongDto) } } },
    async (request) => ok(await music.addSong(playlistId(request), await incomingAudio(request))),
  );
};

/** Covers of playlists and songs: a picture each, re-encoded and kept as JPEG beside them. */
const coverRoutes: FastifyPluginAsyncTypebox<{ music: MusicConsoleService }> = async (app, { music }) => {
  await acceptPictures(app, MUSIC_COVER_MAX_BYTES);
  app.post(
    '/music/playlists/:id/cover',
    { schema: { params: IdParams, response: { 200: envelopeOf(ConsolePlaylistDto) } } },
    async (request) => ok(await music.setPlaylistCover(playlistId(request), await uploadedFile(request, coverTooLarge))),
  );
  app.post(
    '/music/songs/:id/cover',
    { schema: { params: IdParams, response: { 200: envelopeOf(ConsoleSongDto) } } },
    async (request) => ok(await music.setSongCover(songId(request), await uploadedFile(request, coverTooLarge))),
  );
};

/** The console's music calls (see src/protocol/console/music.ts); with MUSIC_UPSTREAM only the library's answer. */
export const musicConsoleRoutes: FastifyPluginAsyncTypebox<{ music: MusicConsoleService | 'upstream' }> = async (app, options) => {
  const music = options.music;
  if (music === 'upstream') {
    app.get('/music/playlists', { schema: { response: { 200: envelopeOf(MusicLibraryDto) } } }, async () => ok(upstreamLibrary));
    return;
  }
  app.get('/music/playlists', { schema: { response: { 200: envelopeOf(MusicLibraryDto) } } }, async () => ok(music.library()));

  app.post('/music/playlists', { schema: { body: PlaylistBody, response: { 200: envelopeOf(ConsolePlaylistDto) } } }, async (request) =>
    ok(await music.createPlaylist(request.body)),
  );

  app.put(
    '/music/playlists/order',
    { schema: { body: MusicOrderBody, response: { 200: envelopeOf(Type.Array(ConsolePlaylistDto)) } } },
    async (request) => ok(await music.orderPlaylists(request.body.ids)),
  );

  app.put(
    '/music/playlists/:id',
    { schema: { params: IdParams, body: PlaylistBody, response: { 200: envelopeOf(ConsolePlaylistDto) } } },
    async (request) => ok(await music.editPlaylist(playlistId(request), request.body)),
  );

  app.delete('/music/playlists/:id', { schema: { params: IdParams, response: Done } }, async (request) => {
    await music.deletePlaylist(playlistId(request));
    return ok(null);
  });

  app.get(
    '/music/playlists/:id/songs',
    { schema: { params: IdParams, response: { 200: envelopeOf(Type.Array(ConsoleSongDto)) } } },
    async (request) => ok(await music.songs(playlistId(request))),
  );

  app.put(
    '/music/playlists/:id/songs/order',
    { schema: { params: IdParams, body: MusicOrderBody, response: { 200: envelopeOf(Type.Array(ConsoleSongDto)) } } },
    async (request) => ok(await music.orderSongs(playlistId(request), request.body.ids)),
  );

  app.put(
    '/music/songs/:id',
    { schema: { params: IdParams, body: SongBody, response: { 200: envelopeOf(ConsoleSongDto) } } },
    async (request) => ok(await music.editSong(songId(request), request.body)),
  );

  app.put(
    '/music/songs/:id/playlist',
    { schema: { params: IdParams, body: SongMoveBody, response: { 200: envelopeOf(ConsoleSongDto) } } },
    async (request) => ok(await music.moveSong(songId(request), request.body.playlistId)),
  );

  app.delete('/music/songs/:id', { schema: { params: IdParams, response: Done } }, async (request) => {
    await music.deleteSong(songId(request));
    return ok(null);
  });

  app.get(
    '/music/songs/:id/lyrics',
    { schema: { params: IdParams, response: { 200: envelopeOf(SongLyricsDto) } } },
    async (request) => ok(await music.lyrics(songId(request))),
  );

  app.put(
    '/music/songs/:id/lyrics',
    { schema: { params: IdParams, body: SongLyricsDto, response: { 200: envelopeOf(ConsoleSongDto) } } },
    async (request) => ok(await music.writeLyrics(songId(request), request.body)),
  );

  await app.register(audioRoutes, { music });
  await app.register(coverRoutes, { music });
};
