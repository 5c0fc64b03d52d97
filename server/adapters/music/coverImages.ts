import { createHash } from 'node:crypto';
import { ResizedImageCache } from '../media/resizedImageCache';

/**
 * Covers at the sizes clients ask for (`?param=300y300`, as the public API does), resized once with sharp and
 * kept on disk. Requested sizes snap up to a few steps, so the cache stays small whatever clients ask.
 */
const SIZE_STEPS = [64, 100, 140, 200, 300, 400, 600, 800, 1200];
const DEFAULT_SIZE = 600;

export function coverSize(param: string | undefined): number | undefined {
  if (param === undefined || param === '') return DEFAULT_SIZE;
  const match = /^(\d{1,4})y(\d{1,4})$/.exec(param);
  if (!match) return undefined;
  const wanted = Math.max(Number(match[1]), Number(match[2]));
  if (wanted < 1) return undefined;
  return SIZE_STEPS.find((step) => step >= wanted) ?? SIZE_STEPS[SIZE_STEPS.length - 1];
}

/** A cover for a song or playlist that has none: soft gradient waves in colours drawn from its id. */
export function generatedCover(seed: string): Buffer {
  const digest = createHash('sha1').update(seed).digest();
  const hue = Math.round(((digest[0] ?? 0) / 255) * 360);
  const shift = 30 + Math.round(((digest[1] ?? 0) / 255) * 60);
  const wave = (offset: number, amplitude: number) =>
    `M0 ${offset} C 150 ${offset - amplitude}, 300 ${offset + amplitude}, 600 ${offset - amplitude / 2} L600 600 L0 600 Z`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},62%,62%)"/><stop offset="1" stop-color="hsl(${(hue + shift) % 360},58%,38%)"/>
  </linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  <circle cx="${420 + ((digest[2] ?? 0) % 80)}" cy="${150 + ((digest[3] ?? 0) % 60)}" r="70" fill="hsla(${(hue + 40) % 360},90%,92%,0.55)"/>
  <path d="${wave(380, 60)}" fill="hsla(${hue},50%,96%,0.18)"/>
  <path d="${wave(450, 80)}" fill="hsla(${hue},50%,96%,0.22)"/>
  <path d="${wave(520, 50)}" fill="hsla(${hue},40%,20%,0.25)"/>
</svg>`;
  return Buffer.from(svg);
}

/** Resized covers kept at most this many bytes on disk (a 600px JPEG is about 40 kB). */
const COVER_CACHE_BYTES = 64 * 1024 * 1024;

/** Covers as square JPEGs, resized once and kept in the shared bounded cache of resized images. */
export class CoverCache {
  private readonly cache: ResizedImageCache;

  constructor(dir: string, maxBytes = COVER_CACHE_BYTES) {
    this.cache = new ResizedImageCache({ dir, maxBytes });
  }

  /** The resized JPEG; `source` is only called when it is not cached yet. */
  async resized(key: string, size: number, source: () => Promise<Buffer | Uint8Array>): Promise<Buffer> {
    return this.cache.get(`${key}-${size}.jpg`, async () => {
      // Loaded on the first cover resized, not at start.
      const { default: sharp } = await import('sharp');
      return sharp(await source())
        .rotate()
        .resize(size, size, { fit: 'cover' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    });
  }
}
