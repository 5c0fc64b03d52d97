import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentMediaStore } from '../../../server/adapters/media/localMediaStore';
import { LocalObjectStore } from '../../../server/adapters/storage/localObjectStore';
import { S3ObjectStore, s3Client } from '../../../server/adapters/storage/s3ObjectStore';
import type { ObjectStore } from '../../../server/ports/mediaStore';
import { startTestS3, type TestS3 } from '../support/s3Server';

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startTestS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-objects-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const read = async (store: ObjectStore, key: string, range?: { start: number; end: number }) => {
  const found = await store.get(key, range);
  return found && { bytes: await buffer(found.body), info: found.info };
};

/** One contract, two stores: whatever the site does with media behaves the same on disk and in a bucket. */
describe.each([
  ['local folder', () => new LocalObjectStore(path.join(folder, 'contract'))],
  ['S3 bucket', () => new S3ObjectStore(s3Client(s3.settings), s3.settings.bucket, 'contract/')],
])('object store contract: %s', (_, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });

  it('answers ping and reports an absent key as absent', async () => {
    await store.ping();
    expect(await store.stat('missing.png')).toBeUndefined();
    expect(await store.get('missing.png')).toBeUndefined();
    await store.delete('missing.png');
  });

  it('puts, stats, reads whole and by byte range, lists by prefix and deletes', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    await store.put('a/one.txt', bytes, 'text/plain');
    await store.put('a/b/two.txt', Readable.from([Buffer.from('streamed '), Buffer.from('body')]));
    await store.put('ab.txt', Buffer.from('x'));
    const info = await store.stat('a/one.txt');
    expect(info?.size).toBe(20);
    expect(info?.etag).toMatch(/"/);
    expect(info?.lastModified.getTime()).toBeGreaterThan(Date.now() - 600_000);
    expect((await read(store, 'a/one.txt'))?.bytes.equals(bytes)).toBe(true);
    const part = await read(store, 'a/one.txt', { start: 5, end: 9 });
    expect(part?.bytes.toString()).toBe('56789');
    // The info is the whole object's, a range asked or not.
    expect(part?.info.size).toBe(20);
    expect((await read(store, 'a/b/two.txt'))?.bytes.toString()).toBe('streamed body');
    expect((await store.list('a/')).map((object) => object.key)).toEqual(['a/b/two.txt', 'a/one.txt']);
    expect((await store.list('a')).map((object) => object.key)).toEqual(['a/b/two.txt', 'a/one.txt', 'ab.txt']);
    expect((await store.list('')).find((object) => object.key === 'a/one.txt')?.size).toBe(20);
    await store.delete('a/one.txt');
    expect(await store.stat('a/one.txt')).toBeUndefined();
    expect((await store.list('a/')).map((object) => object.key)).toEqual(['a/b/two.txt']);
  });

  it('replaces an object whole and changes its tag', async () => {
    await store.put('replaced.bin', Buffer.from('first'));
    const before = await store.stat('replaced.bin');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await store.put('replaced.bin', Buffer.from('second version'));
    const after = await store.stat('replaced.bin');
    expect(after?.size).toBe(14);
    expect(after?.etag).not.toBe(before?.etag);
  });

  it('returns any byte range of any content exactly', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.nat(), fc.nat(), async (content, a, b) => {
        const bytes = Buffer.from(content);
        await store.put('ranges.bin', bytes);
        const start = a % bytes.length;
        const end = start + (b % (bytes.length - start));
        expect((await read(store, 'ranges.bin', { start, end }))?.bytes.equals(bytes.subarray(start, end + 1))).toBe(
          true,
        );
      }),
      { numRuns: 15 },
    );
  });

  it('stores media by content: the same bytes twice are one object', async () => {
    const media = new ContentMediaStore(store);
    const url = await media.save(Buffer.from('same picture'), '.PNG');
    expect(url).toMatch(/^\/media\/[0-9a-f]{24}\.png$/);
    expect(await media.save(Buffer.from('same picture'), 'png')).toBe(url);
    expect((await media.list('')).filter((object) => object.key === url.slice('/media/'.length))).toHaveLength(1);
  });
});

describe('S3 store', () => {
  it('uploads a body larger than one part in parts and reads it back whole', async () => {
    const store = new S3ObjectStore(s3Client(s3.settings), s3.settings.bucket, 'large/');
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 17, 3);
    bytes[bytes.length - 1] = 200;
    await store.put('song.flac', Readable.from([bytes.subarray(0, 4_000_000), bytes.subarray(4_000_000)]));
    const back = await read(store, 'song.flac');
    expect(back?.info.size).toBe(bytes.length);
    expect(back?.bytes.equals(bytes)).toBe(true);
  });

  it('fails ping with the reason when the bucket does not exist', async () => {
    await expect(new S3ObjectStore(s3Client(s3.settings), 'no-such-bucket').ping()).rejects.toThrow();
  });

  /** What the SDK would send, caught before it leaves: no network needed. */
  async function urlOf(
    forcePathStyle: boolean,
    endpoint: string,
  ): Promise<{ url: string; headers: Record<string, string> }> {
    const client = s3Client({ ...s3.settings, endpoint, bucket: 'my-blog', region: 'oss-cn-hangzhou', forcePathStyle });
    let seen: { url: string; headers: Record<string, string> } | undefined;
    client.middlewareStack.add(
      () => async (args) => {
        const request = args.request as {
          protocol: string;
          hostname: string;
          port?: number;
          path: string;
          headers: Record<string, string>;
        };
        seen = {
          url: `${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}${request.path}`,
          headers: request.headers,
        };
        throw new Error('caught');
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    await client.send(new ListObjectsV2Command({ Bucket: 'my-blog', Prefix: 'media/' })).catch(() => undefined);
    client.destroy();
    return seen!;
  }

  it('addresses Aliyun OSS virtual-hosted (bucket in the host name) and MinIO path-style', async () => {
    const oss = await urlOf(false, 'https://oss-cn-hangzhou.aliyuncs.com');
    expect(oss.url).toBe('https://my-blog.oss-cn-hangzhou.aliyuncs.com/');
    expect(oss.headers.host).toBe('my-blog.oss-cn-hangzhou.aliyuncs.com');
    // No checksum header on a request that does not require one (OSS and COS refuse the newer defaults).
    expect(
      Object.keys(oss.headers).filter(
        (name) => name.startsWith('x-amz-checksum') || name === 'x-amz-sdk-checksum-algorithm',
      ),
    ).toEqual([]);
    const minio = await urlOf(true, 'http://minio.internal:9000');
    expect(minio.url).toBe('http://minio.internal:9000/my-blog/');
  });
});
