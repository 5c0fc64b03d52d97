import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import * as zhCN from '../../../../../src/i18n/zh-CN';
import { UploadResult } from '../../../../../src/protocol/account';
import { AlbumDto, PhotoDto, TalkPublishBody } from '../../../../../src/protocol/content';
import {
  AlbumBody,
  AlbumPhotosDto,
  ConsoleTalkDto,
  ConsoleTalkPageDto,
  CoverBody,
  OrderBody,
  PHOTO_MAX_BYTES,
  PhotoBody,
  TALK_IMAGE_MAX_BYTES,
  TalkEditBody,
  TalkHiddenBody,
  TalkPinnedBody,
} from '../../../../../src/protocol/console/showcase';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import { accountMessages } from '../../../../domain/accounts/messages';
import { parsePage } from '../../../../domain/content/input';
import type { ShowcaseConsoleService } from '../../../../domain/content/showcaseConsoleService';
import { ok } from '../../envelope';
import { acceptPictures, uploadedFile } from '../upload';

const IdParams = Type.Object({ id: Type.String() });
const Done = { 200: envelopeOf(Type.Null()) };
const photoTooLarge = zhCN.consoleShowcase.server.photoTooLarge(PHOTO_MAX_BYTES / 1024 / 1024);

/** 说说: every talk, written, edited, pinned, hidden and deleted; pictures uploaded one by one. */
const talkRoutes: FastifyPluginAsyncTypebox<{ showcase: ShowcaseConsoleService }> = async (app, { showcase }) => {
  await acceptPictures(app, TALK_IMAGE_MAX_BYTES);

  app.get(
    '/talks/:page/:size',
    {
      schema: {
        params: Type.Object({ page: Type.String(), size: Type.String() }),
        response: { 200: envelopeOf(ConsoleTalkPageDto) },
      },
    },
    async (request) => ok(await showcase.talks(parsePage(request.params.page, request.params.size))),
  );

  app.post(
    '/talks',
    { schema: { body: TalkPublishBody, response: { 200: envelopeOf(ConsoleTalkDto) } } },
    async (request) => ok(await showcase.publishTalk(request.body)),
  );

  app.post('/talks/images', { schema: { response: { 200: envelopeOf(UploadResult) } } }, async (request) =>
    ok(await showcase.storeTalkImage(await uploadedFile(request, accountMessages.uploadTooLarge))),
  );

  app.put(
    '/talks/:id',
    { schema: { params: IdParams, body: TalkEditBody, response: { 200: envelopeOf(ConsoleTalkDto) } } },
    async (request) => ok(await showcase.editTalk(request.params.id, request.body)),
  );

  app.put(
    '/talks/:id/pinned',
    { schema: { params: IdParams, body: TalkPinnedBody, response: { 200: envelopeOf(ConsoleTalkDto) } } },
    async (request) => ok(await showcase.pinTalk(request.params.id, request.body.pinned)),
  );

  app.put(
    '/talks/:id/hidden',
    { schema: { params: IdParams, body: TalkHiddenBody, response: { 200: envelopeOf(ConsoleTalkDto) } } },
    async (request) => ok(await showcase.hideTalk(request.params.id, request.body.hidden)),
  );

  app.delete('/talks/:id', { schema: { params: IdParams, response: Done } }, async (request) => {
    await showcase.deleteTalk(request.params.id);
    return ok(null);
  });
};

/** 相册: albums created, edited, deleted, ordered and given a cover; photos uploaded, described, ordered, deleted. */
const albumRoutes: FastifyPluginAsyncTypebox<{ showcase: ShowcaseConsoleService }> = async (app, { showcase }) => {
  await acceptPictures(app, PHOTO_MAX_BYTES);

  app.get('/albums', { schema: { response: { 200: envelopeOf(Type.Array(AlbumDto)) } } }, async () =>
    ok(await showcase.albums()),
  );

  app.post('/albums', { schema: { body: AlbumBody, response: { 200: envelopeOf(AlbumDto) } } }, async (request) =>
    ok(await showcase.createAlbum(request.body)),
  );

  app.put(
    '/albums/order',
    { schema: { body: OrderBody, response: { 200: envelopeOf(Type.Array(AlbumDto)) } } },
    async (request) => ok(await showcase.orderAlbums(request.body.ids)),
  );

  app.put(
    '/albums/:id',
    { schema: { params: IdParams, body: AlbumBody, response: { 200: envelopeOf(AlbumDto) } } },
    async (request) => ok(await showcase.editAlbum(request.params.id, request.body)),
  );

  app.delete('/albums/:id', { schema: { params: IdParams, response: Done } }, async (request) => {
    await showcase.deleteAlbum(request.params.id);
    return ok(null);
  });

  app.put(
    '/albums/:id/cover',
    { schema: { params: IdParams, body: CoverBody, response: { 200: envelopeOf(AlbumDto) } } },
    async (request) => ok(await showcase.setCover(request.params.id, request.body.photoId)),
  );

  app.get(
    '/albums/:id/photos',
    { schema: { params: IdParams, response: { 200: envelopeOf(AlbumPhotosDto) } } },
    async (request) => ok(await showcase.photos(request.params.id)),
  );

  app.post(
    '/albums/:id/photos',
    { schema: { params: IdParams, response: { 200: envelopeOf(PhotoDto) } } },
    async (request) => ok(await showcase.addPhoto(request.params.id, await uploadedFile(request, photoTooLarge))),
  );

  app.put(
    '/albums/:id/photos/order',
    { schema: { params: IdParams, body: OrderBody, response: { 200: envelopeOf(AlbumPhotosDto) } } },
    async (request) => ok(await showcase.orderPhotos(request.params.id, request.body.ids)),
  );

  app.put(
    '/photos/:id',
    { schema: { params: IdParams, body: PhotoBody, response: { 200: envelopeOf(PhotoDto) } } },
    async (request) => ok(await showcase.describePhoto(request.params.id, request.body.description)),
  );

  app.delete(
    '/photos/:id',
    { schema: { params: IdParams, response: { 200: envelopeOf(AlbumDto) } } },
    async (request) => ok(await showcase.deletePhoto(request.params.id)),
  );
};

/** The console's 说说 and 相册 calls (see src/protocol/console/showcase.ts). */
export const showcaseConsoleRoutes: FastifyPluginAsyncTypebox<{ showcase: ShowcaseConsoleService }> = async (
  app,
  options,
) => {
  // Each in its own scope: talk pictures and photos have their own size limits.
  await app.register(talkRoutes, options);
  await app.register(albumRoutes, options);
};
