import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IMAGE_VARIANT_PREFIX } from '../../../../src/domain/media/imageVariants';
import type { MediaVariants } from '../../media/mediaVariants';

/** A variant's URL names its original (a content hash) and its width: its bytes never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `/media/w/<width>/<name>`: a raster picture of the media folder at one of the fixed widths, as WebP. */
export const mediaVariantRoutes: FastifyPluginAsyncTypebox<{ variants: MediaVariants }> = async (app, { variants }) => {
  app.get(
    `${IMAGE_VARIANT_PREFIX}:width/:name`,
    { schema: { params: Type.Object({ width: Type.String({ maxLength: 8 }), name: Type.String({ maxLength: 200 }) }) } },
    async (request, reply) => {
      const bytes = await variants.variant(request.params.width, request.params.name);
      return reply.header('cache-control', IMMUTABLE).type('image/webp').send(bytes);
    },
  );
};
