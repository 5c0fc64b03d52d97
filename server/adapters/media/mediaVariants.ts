import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { isImageVariantWidth, isResizableMediaName, type ImageVariantWidth } from '../../../src/domain/media/imageVariants';
import { AppError } from '../../domain/errors';
import { variantKey } from '../../domain/media/mediaNames';
import { messages } from '../../domain/messages';
import type { ObjectStore } from '../../ports/mediaStore';

/** Pictures larger than this are not decoded for a variant (uploads stop at 2560 on a side; imports at 20 MB). */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP = { quality: 78, effort: 4 } as const;

export interface MediaVariantsOptions {
  /** The media store: the originals. */
  media: ObjectStore;
  /**
   * Where the variants are kept: a bounded folder on local disk (ResizedImageCache, DATA_DIR/cache/media) or,
   * with media in a bucket, the bucket itself (ObjectStoreCache), so every instance makes each one once.
   */
  cache: { get(key: string, render: () => Promise<Buffer>): Promise<Buffer> };
}

/**
 * Width variants of the raster pictures in the media folder, as WebP, made on first request and kept in a
 * bounded cache. A variant is never wider than its original: asked for more, it is the original's width.
 * A width outside IMAGE_VARIANT_WIDTHS is refused; so is any name that is not one file of the media folder.
 */
export class MediaVariants {
  constructor(private readonly options: MediaVariantsOptions) {}

  /** The WebP bytes of `name` at `width` (a string as it came in the path). */
  async variant(width: string, name: string): Promise<Buffer> {
    const wanted = /^[1-9][0-9]{0,4}$/.test(width) ? Number(width) : NaN;
    if (!isImageVariantWidth(wanted)) throw new AppError('invalid', messages.imageWidthUnsupported);
    // One file name of the folder and nothing else: no separator, no `..`, no other extension.
    if (!isResizableMediaName(name)) throw new AppError('notFound', messages.imageNotFound);
    const info = await this.options.media.stat(name);
    if (!info) throw new AppError('notFound', messages.imageNotFound);
    // Media names are content hashes; the tag only guards against an object replaced by hand.
    const version = createHash('sha1').update(`${info.size}|${info.etag}`).digest('hex').slice(0, 10);
    return this.options.cache.get(variantKey(name, version, wanted), async () => {
      const found = await this.options.media.get(name);
      if (!found) throw new AppError('notFound', messages.imageNotFound);
      return render(await buffer(found.body), wanted);
    });
  }
}

async function render(bytes: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  // Loaded on the first variant made, not at start: a site without raster pictures never needs it.
  const { default: sharp } = await import('sharp');
  let animated = false;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw new AppError('notFound', messages.imageNotFound);
    animated = (meta.pages ?? 1) > 1;
    let image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated });
    // The camera's orientation is applied first, so the width asked for is the width seen.
    if (!animated) image = image.rotate();
    return await image.resize({ width, withoutEnlargement: true }).webp(WEBP).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Bytes under a picture's name that do not decode: there is no picture to make smaller.
    throw new AppError('notFound', messages.imageNotFound);
  }
}
