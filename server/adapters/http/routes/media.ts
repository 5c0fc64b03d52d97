import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IMAGE_VARIANT_PREFIX } from '../../../../src/domain/media/imageVariants';
import { messages } from '../../../domain/messages';
import type { ObjectStore } from '../../../ports/mediaStore';
import { MEDIA_URL_PREFIX, mediaType } from '../../media/localMediaStore';
import type { MediaVariants } from '../../media/mediaVariants';
import { isSafeKey } from '../../storage/localObjectStore';
import { failure } from '../envelope';
import { replyWithObject } from '../objectReply';

/** Media names are content hashes, and a variant's URL names its original and its width: their bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface MediaRouteOptions {
  store: ObjectStore;
  variants: MediaVariants;
  /** Originals are redirected there (a CDN or the bucket's public address) instead of streamed through the site. */
  publicUrl?: string | undefined;
}

/**
 * `/media/<name>`: an object of the media store, with ranges and conditional requests; and
 * `/media/w/<width>/<name>`: a raster picture of it at one of the fixed widths, as WebP.
 */
export const mediaRoutes: FastifyPluginAsyncTypebox<MediaRouteOptions> = async (
  app,
  { store, variants, publicUrl },
) => {
  app.get(
    `${IMAGE_VARIANT_PREFIX}:width/:name`,
    {
      schema: { params: Type.Object({ width: Type.String({ maxLength: 8 }), name: Type.String({ maxLength: 200 }) }) },
    },
    async (request, reply) => {
      const bytes = await variants.variant(request.params.width, request.params.name);
      return reply.header('cache-control', IMMUTABLE).type('image/webp').send(bytes);
    },
  );

  // HEAD is answered here too: Fastify's own HEAD route would say `content-length: 0` for a body not sent.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_URL_PREFIX}*`,
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isSafeKey(key) || key.split('/').some((segment) => segment.startsWith('.'))) {
        return reply.status(404).send(failure(404, messages.mediaNotFound));
      }
      if (publicUrl)
        return reply.header('cache-control', IMMUTABLE).redirect(`${publicUrl}${MEDIA_URL_PREFIX}${key}`, 301);
      return replyWithObject(request, reply, store, key, {
        contentType: mediaType(key),
        cacheControl: IMMUTABLE,
        notFound: messages.mediaNotFound,
      });
    },
  });
};
