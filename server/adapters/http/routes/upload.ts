import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metadata } from 'sharp';
import { envelopeOf } from '../../../../src/protocol/envelope';
import { UPLOAD_MAX_BYTES, UploadResult } from '../../../../src/protocol/account';
import { accountMessages } from '../../../domain/accounts/messages';
import { AppError } from '../../../domain/errors';
import type { MediaStore } from '../../../ports/mediaStore';
import { requireUser } from '../auth';
import { ok } from '../envelope';

/** The protocol's limit: the browser refuses a bigger file before sending it. */
export const MAX_UPLOAD_BYTES = UPLOAD_MAX_BYTES;
/** Decoded size limit: a tiny file can claim gigapixels (a decompression bomb). */
const MAX_INPUT_PIXELS = 60_000_000;
/** Uploads are avatars, chat, message-board and album pictures: nothing needs more than this on a side. */
const MAX_SIDE = 2560;

function isAllowedFormat(meta: Metadata): boolean {
  if (meta.format === 'heif') return meta.compression === 'av1'; // AVIF; other HEIF (HEIC) is refused
  return meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp' || meta.format === 'gif';
}

/**
 * Decides by the bytes, never by the name or the declared type, and re-encodes to WebP: EXIF (GPS
 * positions included), ICC comments and anything appended to the image are dropped.
 */
export async function reencodeImage(bytes: Buffer): Promise<Buffer> {
  // Loaded on first use: a server that decodes no image never loads libvips.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size is checked below with its own message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('invalid', accountMessages.uploadNotImage);
  }
  if (!isAllowedFormat(meta)) throw new AppError('invalid', accountMessages.uploadNotImage);
  // Judged from the header, before anything is decoded: a bomb is refused for its size, not as "not an image".
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new AppError('invalid', accountMessages.uploadTooManyPixels);
  const animated = (meta.pages ?? 1) > 1;
  try {
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' });
    // Apply the camera's orientation before the EXIF that carries it is dropped.
    if (!animated) image = image.rotate();
    return await image
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError('invalid', accountMessages.uploadTooManyPixels);
    }
    throw new AppError('invalid', accountMessages.uploadNotImage);
  }
}

/**
 * Multipart parsing for the routes of `app` that take one picture of at most `maxBytes`. Two files are
 * allowed through the parser so that a second one is seen and refused, not dropped.
 */
export async function acceptPictures(app: FastifyInstance, maxBytes: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 2, fields: 10, parts: 12 } });
}

/** The one file of a multipart request: refused when the request has none, more than one, or a larger one. */
export async function uploadedFile(request: FastifyRequest, tooLarge: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('invalid', accountMessages.uploadMissing);
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (bytes !== undefined) throw new AppError('invalid', accountMessages.uploadOneFile);
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payloadTooLarge', tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('invalid', accountMessages.uploadOneFile);
    throw error;
  }
  if (bytes === undefined || bytes.length === 0) throw new AppError('invalid', accountMessages.uploadMissing);
  return bytes;
}

export const uploadRoutes: FastifyPluginAsyncTypebox<{ media: MediaStore }> = async (app, { media }) => {
  await acceptPictures(app, MAX_UPLOAD_BYTES);

  app.post('/api/upload/img', { schema: { response: { 200: envelopeOf(UploadResult) } } }, async (request) => {
    requireUser(request);
    const bytes = await uploadedFile(request, accountMessages.uploadTooLarge);
    return ok({ url: await media.save(await reencodeImage(bytes), 'webp') });
  });
};
