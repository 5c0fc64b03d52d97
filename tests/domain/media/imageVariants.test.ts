import { describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, imageVariantUrl, isImageVariantWidth } from '../../../src/domain/media/imageVariants';

describe('the width variants a view offers', () => {
  it('lists every variant of a raster media picture, by width', () => {
    expect(imageSrcSet('/media/abc.webp')).toBe(IMAGE_VARIANT_WIDTHS.map((w) => `/media/w/${w}/abc.webp ${w}w`).join(', '));
    expect(imageSrcSet('/media/0f3A_b-9.JPG')).toContain('/media/w/320/0f3A_b-9.JPG 320w');
    expect(imageVariantUrl('/media/abc.png', 640)).toBe('/media/w/640/abc.png');
  });

  it('offers nothing for SVG, nested or outside paths and other addresses, which are shown as they are', () => {
    for (const src of ['/media/abc.svg', '/media/sub/abc.png', '/media/../abc.png', '/media/w/640/abc.png', 'https://example.com/a.png', '/images/a.png', '', 'data:image/png;base64,AAAA']) {
      expect(imageSrcSet(src), src).toBeUndefined();
      expect(imageVariantUrl(src, 640), src).toBe(src);
    }
  });

  it('knows the fixed widths and no other', () => {
    expect(IMAGE_VARIANT_WIDTHS.every(isImageVariantWidth)).toBe(true);
    for (const width of [0, 319, 321, 500, 2560, Number.NaN, 640.5]) expect(isImageVariantWidth(width), String(width)).toBe(false);
  });
});
