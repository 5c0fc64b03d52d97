import type { MediaStore } from '../../ports/mediaStore';
import type { PictureStore, StoredPicture } from '../../ports/pictureStore';
import { reencodeImage } from '../http/routes/upload';

/**
 * Pictures through the upload pipeline of /api/upload/img: decided by their bytes, turned upright by the
 * camera's orientation, bounded in size and re-encoded to WebP (nothing of the original file is kept), then
 * stored in the media folder, whose width variants the pages ask for.
 */
export class WebpPictureStore implements PictureStore {
  constructor(private readonly media: MediaStore) {}

  async store(bytes: Buffer): Promise<StoredPicture> {
    const webp = await reencodeImage(bytes);
    // Loaded on first use, as by reencodeImage; only the header is read.
    const { default: sharp } = await import('sharp');
    const { width = 0, height = 0 } = await sharp(webp).metadata();
    return { url: await this.media.save(webp, 'webp'), width, height };
  }
}
