import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/adapters/http/app';
import { rangeOf } from '../../../server/adapters/http/objectReply';
import { ContentMediaStore } from '../../../server/adapters/media/localMediaStore';
import { LocalObjectStore } from '../../../server/adapters/storage/localObjectStore';
import { S3ObjectStore, s3Client } from '../../../server/adapters/storage/s3ObjectStore';
import { SiteService } from '../../../server/domain/site/siteService';
import type { ObjectStore } from '../../../server/ports/mediaStore';
import * as zhCN from '../../../src/i18n/zh-CN';
import { inMemorySiteRepository } from '../../fakes/siteRepository';
import { startTestS3, type TestS3 } from '../support/s3Server';

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startTestS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-media-route-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('rangeOf', () => {
  it('reads one byte range of the standard forms and refuses what lies outside', () => {
    expect(rangeOf(undefined, 10)).toBeUndefined();
    expect(rangeOf('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
    expect(rangeOf('bytes=2-', 10)).toEqual({ start: 2, end: 9 });
    expect(rangeOf('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(rangeOf('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(rangeOf('bytes=10-', 10)).toBe('unsatisfiable');
    expect(rangeOf('bytes=4-2', 10)).toBe('unsatisfiable');
    // Several ranges, or another unit: the whole object.
    expect(rangeOf('bytes=0-1,4-5', 10)).toBeUndefined();
    expect(rangeOf('items=0-1', 10)).toBeUndefined();
  });
});

describe.each([
  [
    'local folder',
    () => ({
      store: new LocalObjectStore(path.join(folder, 'media')),
      variants: new LocalObjectStore(path.join(folder, 'variants')),
    }),
  ],
  [
    'S3 bucket',
    () => {
      const bucket = new S3ObjectStore(s3Client(s3.settings), s3.settings.bucket);
      return { store: bucket.under('media/'), variants: bucket.under('variants/') };
    },
  ],
])('/media served from the %s', (_, make) => {
  let app: FastifyInstance;
  let media: ContentMediaStore;
  let variants: ObjectStore;
  beforeAll(async () => {
    const stores = make();
    media = new ContentMediaStore(stores.store);
    variants = stores.variants;
    app = await buildApp(
      { site: new SiteService(inMemorySiteRepository()), healthCheck: async () => undefined },
      { logLevel: 'silent', media: { store: media, variants } },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers whole, by range (206), conditionally (304) and refuses a range past the end (416)', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const url = await media.save(bytes, 'mp3');
    const whole = await app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toContain('immutable');
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const again = await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(whole.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const since = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-modified-since': String(whole.headers['last-modified']) },
    });
    expect(since.statusCode).toBe(304);
    const past = await app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');
    expect(past.json().message).toBe(zhCN.musicServer.rangeNotSatisfiable);
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
  });

  it('answers 404 with a Chinese message for an absent name or one reaching outside', async () => {
    for (const url of ['/media/nothing.png', '/media/../secret', '/media/%2e%2e/x', '/media/.hidden']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/media/nothing.png' })).json().message).toBe(
      zhCN.server.mediaNotFound,
    );
  });

  it('makes a width variant once and keeps it in the variant store', async () => {
    const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const url = await media.save(picture, 'png');
    const variantUrl = url.replace('/media/', '/media/w/320/');
    const first = await app.inject({ method: 'GET', url: variantUrl });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect((await sharp(first.rawPayload).metadata()).width).toBe(320);
    const kept = await variants.list(url.slice('/media/'.length));
    expect(kept).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: variantUrl })).rawPayload.equals(first.rawPayload)).toBe(true);
  });
});

it('redirects originals to MEDIA_PUBLIC_URL and allows its origin in the page policy', async () => {
  const app = await buildApp(
    { site: new SiteService(inMemorySiteRepository()), healthCheck: async () => undefined },
    {
      logLevel: 'silent',
      media: {
        store: new LocalObjectStore(path.join(folder, 'public')),
        variants: new LocalObjectStore(path.join(folder, 'pv')),
        publicUrl: 'https://cdn.example.com/blog',
      },
    },
  );
  try {
    const answer = await app.inject({ method: 'GET', url: '/media/abc.png' });
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe('https://cdn.example.com/blog/media/abc.png');
    expect(answer.headers['content-security-policy']).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
    expect(answer.headers['content-security-policy']).toMatch(/media-src [^;]*https:\/\/cdn\.example\.com/);
  } finally {
    await app.close();
  }
});
