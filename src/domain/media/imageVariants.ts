/**
 * Raster pictures under /media are also served at a few widths (WebP), so a view can offer them in
 * `srcset` and the browser fetches the one that fits the space it shows the picture in. The server makes
 * a variant on its first request; SVG needs none (it scales), and pictures from elsewhere are left alone.
 */

/** The widths (in device pixels) a variant can have; any other width is refused, so the cache stays small. */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** The path a variant is served under: `/media/w/<width>/<name of the original>`. */
export const IMAGE_VARIANT_PREFIX = '/media/w/';

/** A media file name (content hash and extension, as the media store names files) of a picture with variants. */
const RESIZABLE_NAME = /^[A-Za-z0-9_-]{1,64}\.(?:jpe?g|png|webp|gif|avif)$/i;
const MEDIA_PREFIX = '/media/';

export function isImageVariantWidth(width: number): width is ImageVariantWidth {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width);
}

/** Whether `name` (one path segment, no folder) is a raster media file the server makes variants of. */
export function isResizableMediaName(name: string): boolean {
  return RESIZABLE_NAME.test(name);
}

function resizableName(src: string): string | undefined {
  if (!src.startsWith(MEDIA_PREFIX)) return undefined;
  const name = src.slice(MEDIA_PREFIX.length);
  return isResizableMediaName(name) ? name : undefined;
}

/** The variant of `src` at `width`, or `src` itself when it has no variants (SVG, another origin, no picture). */
export function imageVariantUrl(src: string, width: ImageVariantWidth): string {
  const name = resizableName(src);
  return name ? `${IMAGE_VARIANT_PREFIX}${width}/${name}` : src;
}

/** A `srcset` of every variant of `src`, or undefined when it has none. */
export function imageSrcSet(src: string): string | undefined {
  const name = resizableName(src);
  if (!name) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${IMAGE_VARIANT_PREFIX}${width}/${name} ${width}w`).join(', ');
}
