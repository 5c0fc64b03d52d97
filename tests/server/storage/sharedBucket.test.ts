import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../../server/adapters/storage/s3ObjectStore';
import { DEMO_MUSIC_DIR } from '../../../server/main';
import { postgresAndRedisUnreachable, REDIS_URL } from '../support/databases';
import { startTestS3, type TestS3 } from '../support/s3Server';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';
import { startSiteProcess, takeOverAdministrator } from '../support/serverProcess';
import { ownDatabase } from '../faults/support';

/*
 * Two real server processes that share no disk: each its own DATA_DIR, one PostgreSQL database, one Redis and
 * one bucket (s3rver). What one stores, the other serves at once; what one deletes is gone for both.
 */

const skip = await postgresAndRedisUnreachable();
const SONG = path.join(DEMO_MUSIC_DIR, '05 古风', '02 山行.mp3');

describe.skipIf(skip !== undefined)('two instances over one bucket', () => {
  const folders: string[] = [];
  let s3: TestS3;
  let database: Awaited<ReturnType<typeof ownDatabase>>;
  let instances: Awaited<ReturnType<typeof startSiteProcess>>[] = [];
  let token = '';

  const env = () => {
    const clientDir = writeFakeClient();
    // Newer than any client source, so the start does not rebuild the client.
    const future = new Date(Date.now() + 24 * 3600_000);
    fs.utimesSync(path.join(clientDir, 'index.html'), future, future);
    const dataDir = temporaryFolder('blog-bucket-');
    folders.push(clientDir, dataDir);
    return {
      ...s3.env,
      CLIENT_DIR: clientDir,
      DATA_DIR: dataDir,
      DATABASE_URL: database.urlVia(5432),
      REDIS_URL,
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
    };
  };

  const call = async <T>(
    base: string,
    method: string,
    url: string,
    body?: unknown | FormData,
  ): Promise<{ status: number; code: number; result: T }> => {
    const form = body instanceof FormData;
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Bearer ${token}`,
        ...(body && !form ? { 'content-type': 'application/json' } : {}),
      },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { code: number; result: T };
    return { status: response.status, ...answer };
  };

  /** Asks until `ready` holds of the answer; the other instance learns of a change through Redis. */
  async function eventually<T>(ask: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await ask();
      if (ready(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    s3 = await startTestS3();
    database = await ownDatabase();
    // One after the other: the first creates the schema and the administrator.
    const first = await startSiteProcess(env(), undefined, 90_000);
    const [, username, password] = await first.waitFor(/用户名 (\S+)，初始密码 ([^（\s]+)/);
    instances = [first, await startSiteProcess(env(), undefined, 90_000)];
    token = await takeOverAdministrator(first.url, username!, password!);
  }, 240_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGKILL');
    await database?.drop();
    await s3?.close();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('shows a picture uploaded through one instance on the other, with its width variants', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const form = new FormData();
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#4a8' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const uploaded = await call<{ url: string }>(a!, 'POST', '/api/upload/img', form);
    expect(uploaded.code).toBe(0);
    const url = uploaded.result.url;
    const [fromA, fromB] = await Promise.all([fetch(`${a}${url}`), fetch(`${b}${url}`)]);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    const variant = await fetch(`${b}${url.replace('/media/', '/media/w/320/')}`);
    expect(variant.status).toBe(200);
    expect((await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).width).toBe(320);
    // No instance keeps media on its own disk.
    for (const folder of folders)
      expect(fs.existsSync(path.join(folder, 'media', url.slice('/media/'.length)))).toBe(false);
  }, 60_000);

  it('plays a song uploaded in the console of one instance through the other with a byte range, and a delete removes it for both', async () => {
    const [a, b] = instances.map((instance) => instance.url);
    const playlist = await call<{ id: number }>(a!, 'POST', '/api/admin/music/playlists', {
      name: '共享',
      description: '',
    });
    expect(playlist.code).toBe(0);
    const form = new FormData();
    const bytes = fs.readFileSync(SONG);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/mpeg' }), '山行.mp3');
    const song = await call<{ id: number }>(a!, 'POST', `/api/admin/music/playlists/${playlist.result.id}/songs`, form);
    expect(song.code).toBe(0);

    const urlOn = async (base: string) =>
      (
        (await (await fetch(`${base}/wapi/song/url/v1?id=${song.result.id}`)).json()) as {
          data?: { url: string | null }[];
        }
      ).data?.[0]?.url ?? null;
    const url = await eventually(
      () => urlOn(b!),
      (found) => found !== null,
    );
    expect(url).not.toBeNull();
    const part = await fetch(`${b}${url}`, { headers: { range: 'bytes=100-1123' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1123/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 1124))).toBe(true);

    const listed = async () =>
      (
        await s3Client(s3.settings).send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'music/' }))
      ).Contents?.map((object) => object.Key) ?? [];
    expect(await listed()).toContain('music/共享/山行.mp3');

    expect((await call(b!, 'DELETE', `/api/admin/music/songs/${song.result.id}`)).code).toBe(0);
    expect(await listed()).not.toContain('music/共享/山行.mp3');
    expect(
      await eventually(
        () => urlOn(a!),
        (found) => found === null,
      ),
    ).toBeNull();
    expect((await fetch(`${a}${url}`)).status).toBe(404);
  }, 90_000);
});
