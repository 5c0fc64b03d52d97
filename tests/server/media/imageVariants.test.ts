import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/adapters/http/app';
import { LocalMediaStore } from '../../../server/adapters/media/localMediaStore';
import { SiteService } from '../../../server/domain/site/siteService';
import { IMAGE_VARIANT_WIDTHS, imageSrcSet } from '../../../src/domain/media/imageVariants';
import * as zhCN from '../../../src/i18n/zh-CN';
import { inMemorySiteRepository } from '../../fakes/siteRepository';

const text = zhCN.server;

/** A picture with gradients and waves in it, like a photo compresses (a flat colour would prove little). */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = Math.floor((x * 255) / width);
      raw[i + 1] = Math.floor(128 + 100 * Math.sin(x / 23) * Math.cos(y / 17));
      raw[i + 2] = ((x ^ y) & 63) + Math.floor((y * 190) / height);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).toFormat(format).toBuffer();
}

let root: string;
let media: LocalMediaStore;
let app: FastifyInstance;
let wide: string;
let small: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-variants-'));
  media = new LocalMediaStore(path.join(root, 'media'));
  app = await buildApp(
    { site: new SiteService(inMemorySiteRepository()), healthCheck: async () => undefined },
    { logLevel: 'silent', media: { store: media, variants: { dir: path.join(root, 'cache', 'media'), maxBytes: 64 * 1024 * 1024 } } },
  );
  wide = await media.save(await picture(1500, 1000), 'png');
  small = await media.save(await picture(200, 100, 'jpeg'), 'jpg');
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const variantOf = (url: string, width: number | string) => `/media/w/${width}/${url.slice('/media/'.length)}`;
const get = (url: string) => app.inject({ method: 'GET', url });

describe('width variants of the media pictures', () => {
  it('serves each width of the srcset as WebP at that width, the height in proportion, cached for a year', async () => {
    const srcset = imageSrcSet(wide)!;
    for (const width of IMAGE_VARIANT_WIDTHS.filter((w) => w <= 1500)) {
      const url = variantOf(wide, width);
      expect(srcset).toContain(`${url} ${width}w`);
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: Math.round((width * 1000) / 1500) });
    }
  });

  it('never makes a picture larger than its original', async () => {
    const big = await get(variantOf(wide, 1920));
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1500, height: 1000 });
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const response = await get(variantOf(small, width));
      expect(response.statusCode).toBe(200);
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200, height: 100 });
    }
  });

  it('measures the width the reader sees, after the camera orientation is applied', async () => {
    // Stored 600 wide and 300 high, shown turned a quarter: 300 wide and 600 high.
    const turned = await media.save(await sharp(await picture(600, 300, 'jpeg')).withMetadata({ orientation: 6 }).jpeg().toBuffer(), 'jpg');
    expect(await sharp((await get(variantOf(turned, 320))).rawPayload).metadata()).toMatchObject({ width: 300, height: 600 });
  });

  it('keeps its variants within the bound of its cache folder', async () => {
    const cacheDir = path.join(root, 'small-cache');
    const bounded = await buildApp(
      { site: new SiteService(inMemorySiteRepository()), healthCheck: async () => undefined },
      { logLevel: 'silent', media: { store: media, variants: { dir: cacheDir, maxBytes: 100_000 } } },
    );
    try {
      let made = 0;
      for (const width of IMAGE_VARIANT_WIDTHS) {
        for (const url of [wide, small]) {
          expect((await bounded.inject({ method: 'GET', url: variantOf(url, width) })).statusCode).toBe(200);
          made += 1;
        }
        const held = fs.readdirSync(cacheDir).reduce((sum, name) => sum + fs.statSync(path.join(cacheDir, name)).size, 0);
        expect(held).toBeLessThanOrEqual(100_000);
      }
      // Each variant fits on its own, all of them do not: some were made, kept, and dropped again.
      expect(fs.readdirSync(cacheDir).length).toBeLessThan(made);
      expect(fs.readdirSync(cacheDir).length).toBeGreaterThan(0);
    } finally {
      await bounded.close();
    }
  });

  it('is smaller than the original it stands for', async () => {
    const original = fs.statSync(path.join(media.root, wide.slice('/media/'.length))).size;
    expect((await get(variantOf(wide, 640))).rawPayload.length).toBeLessThan(original / 2);
  });

  it('refuses a width that is not one of the fixed widths, in the envelope', async () => {
    for (const width of ['500', '321', '0', '0640', '640.0', '-640', '99999', 'abc', '1e3']) {
      const response = await get(variantOf(wide, width));
      expect(response.statusCode, width).toBe(400);
      expect(response.json()).toEqual({ code: 400, result: null, message: text.imageWidthUnsupported });
    }
  });

  it('refuses anything but a raster picture of the media folder', async () => {
    fs.writeFileSync(path.join(root, 'secret.png'), await picture(400, 400));
    fs.writeFileSync(path.join(media.root, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    fs.writeFileSync(path.join(media.root, 'broken.png'), 'not a picture at all');
    const outside = [
      '/media/w/640/..%2Fsecret.png',
      '/media/w/640/..%2F..%2Fsecret.png',
      '/media/w/640/%2E%2E%2Fsecret.png',
      '/media/w/640/..%5Csecret.png',
      `/media/w/640/${encodeURIComponent(path.join(root, 'secret.png'))}`,
      '/media/w/640/..',
      '/media/w/640/drawing.svg',
      '/media/w/640/broken.png',
      '/media/w/640/0123456789abcdef01234567.png',
    ];
    for (const url of outside) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toBe('image/webp');
    }
    // A path with more segments is not a variant at all, and the static files refuse to leave the folder too.
    for (const url of ['/media/w/640/../../secret.png', '/media/w/640/%2e%2e/%2e%2e/secret.png']) {
      expect([403, 404], url).toContain((await get(url)).statusCode);
    }
  });
});
