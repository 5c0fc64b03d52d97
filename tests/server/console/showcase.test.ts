import crypto from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/adapters/db/connect';
import { arrange } from '../../../server/domain/content/arrangement';
import * as zhCN from '../../../src/i18n/zh-CN';
import type {
  AlbumDto,
  PhotoDto,
  PhotoPageDto,
  SiteFactsDto,
  TalkDto,
  TalkPageDto,
} from '../../../src/protocol/content';
import type { AlbumPhotosDto, ConsoleTalkDto, ConsoleTalkPageDto } from '../../../src/protocol/console/showcase';
import type { NotifyListDto } from '../../../src/protocol/notify';
import { MARKER } from '../accounts/support';
import { adminCookie, rawGet, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { backends } from '../support/databases';

const text = zhCN.consoleShowcase.server;
const content = zhCN.contentServer;
const account = zhCN.account.server;

/** What the site's own pages send with every call. */
const SAME_SITE = { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1' };
const BOUNDARY = '----showcasetest';

interface Answer<T> {
  status: number;
  body: { code: number; result: T; message: string };
}

async function call<T = unknown>(
  site: TestSite,
  method: string,
  url: string,
  payload?: object,
  cookie?: string,
): Promise<Answer<T>> {
  const response = await site.app.inject({
    method: method as 'GET',
    url,
    headers: { ...SAME_SITE, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

/** A call that must succeed; its result. */
async function done<T>(
  site: TestSite,
  method: string,
  url: string,
  payload: object | undefined,
  cookie: string,
): Promise<T> {
  const answer = await call<T>(site, method, url, payload, cookie);
  expect(answer.body, `${method} ${url}`).toMatchObject({ code: 0 });
  expect(answer.status).toBe(200);
  return answer.body.result;
}

/** One file sent as the console sends it: multipart, one part. */
async function upload<T = unknown>(site: TestSite, url: string, bytes: Buffer, cookie?: string): Promise<Answer<T>> {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const response = await site.app.inject({
    method: 'POST',
    url,
    headers: {
      ...SAME_SITE,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(cookie ? { cookie } : {}),
    },
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A camera's JPEG: `width` × `height` pixels as stored, turned a quarter by its EXIF orientation when `turned`. */
function jpeg(width: number, height: number, background: string, turned = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background } }).jpeg();
  return (turned ? image.withMetadata({ orientation: 6 }) : image).toBuffer();
}

async function readerCookie(site: TestSite): Promise<string> {
  const username = `r${crypto.randomBytes(5).toString('hex')}`;
  await done(site, 'POST', '/api/user/register', { username, password: 'abc123456', nick_name: username }, '');
  const login = await site.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: SAME_SITE,
    payload: { username, password: 'abc123456' },
  });
  return `blog_session=${login.cookies.find((c) => c.name === 'blog_session')?.value ?? ''}`;
}

/** Every console call of this area, with a body that would pass validation (uploads are sent as JSON here). */
const ROUTES: [string, string, object?][] = [
  ['GET', '/api/admin/talks/1/10'],
  ['POST', '/api/admin/talks', { content: '一条说说', images: [], pinned: false }],
  ['POST', '/api/admin/talks/images'],
  ['PUT', '/api/admin/talks/1', { content: '改过的说说', images: [] }],
  ['PUT', '/api/admin/talks/1/pinned', { pinned: true }],
  ['PUT', '/api/admin/talks/1/hidden', { hidden: true }],
  ['DELETE', '/api/admin/talks/1'],
  ['GET', '/api/admin/albums'],
  ['POST', '/api/admin/albums', { name: '新相册', description: '' }],
  ['PUT', '/api/admin/albums/order', { ids: [1] }],
  ['PUT', '/api/admin/albums/1', { name: '新名字', description: '' }],
  ['DELETE', '/api/admin/albums/1'],
  ['PUT', '/api/admin/albums/1/cover', { photoId: 1 }],
  ['GET', '/api/admin/albums/1/photos'],
  ['POST', '/api/admin/albums/1/photos'],
  ['PUT', '/api/admin/albums/1/photos/order', { ids: [1] }],
  ['PUT', '/api/admin/photos/1', { description: '照片' }],
  ['DELETE', '/api/admin/photos/1'],
];

describe.each(await backends())('the console talks and albums on $name', (backend) => {
  let data: SharedData;
  let site: TestSite;
  let db: DatabaseHandle;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await sharedData(backend.name);
    site = await startSite(data);
    db = data.open();
    admin = await adminCookie(site, site.adminPassword);
    reader = await readerCookie(site);
  });

  afterAll(async () => {
    await db?.close();
    await site?.close();
    await data?.dispose();
  });

  const test = it.skipIf(backend.skipReason !== undefined);
  const publicTalks = async () =>
    (await call<TalkPageDto>(site, 'GET', '/api/talk/blogGetTalkList/1/999')).body.result.list;
  /** The facts as the hot path answers them: kept in memory until a write says the talks changed. */
  const talkCount = async () =>
    (JSON.parse((await rawGet(`${site.url}/api/statistic/facts`)).body) as { result: SiteFactsDto }).result.talkCount;
  const publicAlbums = async () => (await call<AlbumDto[]>(site, 'GET', '/api/photoAlbum/getAll')).body.result;
  const publicPhotos = async (albumId: number) =>
    (await call<PhotoPageDto>(site, 'GET', `/api/photo/getPhotoListByAlbumId/${albumId}/1/999`)).body.result.list;

  test('refuses every call to a visitor (401) and to a reader (403), whatever the body', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    for (const [method, url, payload] of ROUTES) {
      expect(await call(site, method, url, payload), `${method} ${url}`).toEqual({
        status: 401,
        body: { code: 401, result: null, message: account.loginRequired },
      });
      expect(await call(site, method, url, payload, reader), `${method} ${url}`).toEqual({
        status: 403,
        body: { code: 403, result: null, message: account.adminRequired },
      });
    }
    for (const url of ['/api/admin/talks/images', '/api/admin/albums/1/photos']) {
      expect((await upload(site, url, png)).status).toBe(401);
      expect((await upload(site, url, png, reader)).status).toBe(403);
    }
  });

  describe('talks', () => {
    test.each([
      ['empty text', { content: '   ' }, content.talkEmpty],
      ['text over 1000 characters', { content: '字'.repeat(1001) }, content.talkTooLong(1000)],
      ['ten pictures', { images: Array.from({ length: 10 }, (_, i) => `/media/p${i}.webp`) }, content.tooManyImages(9)],
      ['a picture from elsewhere', { images: ['https://elsewhere.example/a.png'] }, content.invalidImage],
    ])('refuses a talk with %s: 400 and a Chinese message, written or edited', async (_case, change, message) => {
      const body = { content: '有字的说说', images: [], pinned: false, ...change };
      expect(await call(site, 'POST', '/api/admin/talks', body, admin)).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
      const [first] = (await done<ConsoleTalkPageDto>(site, 'GET', '/api/admin/talks/1/1', undefined, admin)).list;
      const { pinned: _pinned, ...edit } = body;
      expect(await call(site, 'PUT', `/api/admin/talks/${first!.id}`, edit, admin)).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
    });

    test('uploads pictures upright, publishes a talk with them in order and tells every user (type 2)', async () => {
      const countBefore = await talkCount();
      const first = await upload<{ url: string }>(
        site,
        '/api/admin/talks/images',
        await jpeg(40, 20, '#d04040', true),
        admin,
      );
      const second = await upload<{ url: string }>(
        site,
        '/api/admin/talks/images',
        await jpeg(30, 30, '#4040d0'),
        admin,
      );
      expect(first.status).toBe(200);
      const [a, b] = [first.body.result.url, second.body.result.url];
      expect(a).toMatch(/^\/media\/[a-f0-9]+\.webp$/);
      const stored = await site.app.inject({ method: 'GET', url: a });
      // The camera's orientation is applied: 40 × 20 stored, 20 × 40 seen.
      expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 20, height: 40 });

      const talk = await done<ConsoleTalkDto>(
        site,
        'POST',
        '/api/admin/talks',
        { content: ' 新的说说，有两张图 ', images: [b, a], pinned: false },
        admin,
      );
      expect(talk).toMatchObject({
        content: '新的说说，有两张图',
        images: [b, a],
        pinned: false,
        hidden: false,
        likes: 0,
      });
      expect((await done<TalkDto>(site, 'GET', `/api/talk/getTalkById/${talk.id}`, undefined, '')).images).toEqual([
        b,
        a,
      ]);
      expect(await talkCount()).toBe(countBefore + 1);

      const notices = await done<NotifyListDto>(
        site,
        'POST',
        '/api/notify/getNotifyList',
        { current: 1, size: 10 },
        reader,
      );
      expect(notices.list[0]).toMatchObject({
        type: 2,
        to_id: talk.id,
        message: content.notify.talkPublished('新的说说，有两张图'),
      });
    });

    test('refuses an upload that is not one picture, with 400 and a Chinese message', async () => {
      const script = await upload(site, '/api/admin/talks/images', Buffer.from('<svg onload="alert(1)"></svg>'), admin);
      expect(script).toEqual({ status: 400, body: { code: 400, result: null, message: account.uploadNotImage } });
      const none = await call(site, 'POST', '/api/admin/talks/images', {}, admin);
      expect(none).toEqual({ status: 400, body: { code: 400, result: null, message: account.uploadMissing } });
    });

    test('edits the text and the order of the pictures, keeping the date and likes', async () => {
      const images = [
        (await upload<{ url: string }>(site, '/api/admin/talks/images', await jpeg(10, 10, '#111'), admin)).body.result
          .url,
      ];
      images.push(
        (await upload<{ url: string }>(site, '/api/admin/talks/images', await jpeg(12, 10, '#222'), admin)).body.result
          .url,
      );
      const talk = await done<ConsoleTalkDto>(
        site,
        'POST',
        '/api/admin/talks',
        { content: '要改的说说', images, pinned: false },
        admin,
      );
      const edited = await done<ConsoleTalkDto>(
        site,
        'PUT',
        `/api/admin/talks/${talk.id}`,
        { content: '改好了', images: [images[1], images[0]] },
        admin,
      );
      expect(edited).toEqual({ ...talk, content: '改好了', images: [images[1], images[0]] });
      expect(await done<TalkDto>(site, 'GET', `/api/talk/getTalkById/${talk.id}`, undefined, '')).toMatchObject({
        id: talk.id,
        content: '改好了',
        images: [images[1], images[0]],
        pinned: false,
        likes: 0,
        createdAt: talk.createdAt,
      });
    });

    test('a hidden talk is out of /talk, its address and the count, and stays in the console', async () => {
      const talk = await done<ConsoleTalkDto>(
        site,
        'POST',
        '/api/admin/talks',
        { content: '将被隐藏', images: [], pinned: false },
        admin,
      );
      const count = await talkCount();
      const hidden = await done<ConsoleTalkDto>(
        site,
        'PUT',
        `/api/admin/talks/${talk.id}/hidden`,
        { hidden: true },
        admin,
      );
      expect(hidden).toEqual({ ...talk, hidden: true });
      expect((await publicTalks()).some((t) => t.id === talk.id)).toBe(false);
      expect(await call(site, 'GET', `/api/talk/getTalkById/${talk.id}`)).toEqual({
        status: 404,
        body: { code: 404, result: null, message: content.talkNotFound },
      });
      expect(await talkCount()).toBe(count - 1);
      const all = await done<ConsoleTalkPageDto>(site, 'GET', '/api/admin/talks/1/999', undefined, admin);
      expect(all.list.find((t) => t.id === talk.id)).toEqual(hidden);
      expect(all.total).toBe(
        (await call<TalkPageDto>(site, 'GET', '/api/talk/blogGetTalkList/1/1')).body.result.total + 1,
      );

      await done(site, 'PUT', `/api/admin/talks/${talk.id}/hidden`, { hidden: false }, admin);
      expect((await publicTalks()).some((t) => t.id === talk.id)).toBe(true);
      expect(await talkCount()).toBe(count);
    });

    test('pins a talk to the top of /talk, and deletes one for good', async () => {
      const talk = await done<ConsoleTalkDto>(
        site,
        'POST',
        '/api/admin/talks',
        { content: '置顶再删除', images: [], pinned: false },
        admin,
      );
      expect((await publicTalks()).findIndex((t) => t.id === talk.id)).toBeGreaterThan(0);
      for (const other of (await publicTalks()).filter((t) => t.pinned)) {
        await done(site, 'PUT', `/api/admin/talks/${other.id}/pinned`, { pinned: false }, admin);
      }
      expect(await done(site, 'PUT', `/api/admin/talks/${talk.id}/pinned`, { pinned: true }, admin)).toMatchObject({
        pinned: true,
      });
      expect((await publicTalks())[0]).toMatchObject({ id: talk.id, pinned: true });

      const count = await talkCount();
      expect(await done(site, 'DELETE', `/api/admin/talks/${talk.id}`, undefined, admin)).toBeNull();
      expect((await publicTalks()).some((t) => t.id === talk.id)).toBe(false);
      expect(await talkCount()).toBe(count - 1);
      for (const [method, url, body] of [
        ['DELETE', `/api/admin/talks/${talk.id}`, undefined],
        ['PUT', `/api/admin/talks/${talk.id}/hidden`, { hidden: true }],
        ['PUT', `/api/admin/talks/${talk.id}`, { content: '还在吗', images: [] }],
      ] as const) {
        expect(await call(site, method, url, body, admin)).toEqual({
          status: 404,
          body: { code: 404, result: null, message: content.talkNotFound },
        });
      }
      expect((await call(site, 'PUT', '/api/admin/talks/abc/pinned', { pinned: true }, admin)).body.message).toBe(
        content.invalidId(content.talk),
      );
    });
  });

  describe('albums and photos', () => {
    test.each([
      ['no name', { name: '  ' }, text.albumNameRequired],
      ['a name over 30 characters', { name: '相'.repeat(31) }, text.tooLong(text.albumName, 30)],
      [
        'a description over 200 characters',
        { description: '述'.repeat(201) },
        text.tooLong(text.albumDescription, 200),
      ],
    ])('refuses an album with %s: 400 and a Chinese message', async (_case, change, message) => {
      const body = { name: '相册', description: '', ...change };
      expect(await call(site, 'POST', '/api/admin/albums', body, admin)).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
      const [first] = await done<AlbumDto[]>(site, 'GET', '/api/admin/albums', undefined, admin);
      expect(await call(site, 'PUT', `/api/admin/albums/${first!.id}`, body, admin)).toEqual({
        status: 400,
        body: { code: 400, result: null, message },
      });
    });

    test('creates an album last, uploads photos with their size, orders them, and chooses the cover shown on /photoAlbum', async () => {
      const album = await done<AlbumDto>(
        site,
        'POST',
        '/api/admin/albums',
        { name: ' 海边 ', description: '夏天的海' },
        admin,
      );
      expect(album).toMatchObject({ name: '海边', description: '夏天的海', cover: '', photoCount: 0 });
      expect((await publicAlbums()).at(-1)).toEqual(album);

      const photos: PhotoDto[] = [];
      for (const [width, height, colour, turned] of [
        [60, 40, '#e0a030', true],
        [50, 50, '#30a0e0', false],
        [30, 45, '#30e0a0', false],
      ] as const) {
        const answer = await upload<PhotoDto>(
          site,
          `/api/admin/albums/${album.id}/photos`,
          await jpeg(width, height, colour, turned),
          admin,
        );
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        photos.push(answer.body.result);
      }
      // Sizes as seen: the turned one is upright.
      expect(photos.map((p) => [p.width, p.height])).toEqual([
        [40, 60],
        [50, 50],
        [30, 45],
      ]);
      expect(await publicPhotos(album.id)).toEqual(photos);
      // No cover chosen: the first photo is the cover.
      expect((await publicAlbums()).find((a) => a.id === album.id)).toMatchObject({
        cover: photos[0]!.url,
        photoCount: 3,
      });

      const covered = await done<AlbumDto>(
        site,
        'PUT',
        `/api/admin/albums/${album.id}/cover`,
        { photoId: photos[1]!.id },
        admin,
      );
      expect(covered.cover).toBe(photos[1]!.url);
      expect((await publicAlbums()).find((a) => a.id === album.id)?.cover).toBe(photos[1]!.url);

      const [p1, p2, p3] = photos.map((p) => p.id) as [number, number, number];
      const ordered = await done<AlbumPhotosDto>(
        site,
        'PUT',
        `/api/admin/albums/${album.id}/photos/order`,
        { ids: [p3, p1] },
        admin,
      );
      expect(ordered.list.map((p) => p.id)).toEqual([p3, p1, p2]);
      expect((await publicPhotos(album.id)).map((p) => p.id)).toEqual([p3, p1, p2]);
      expect(
        (await done<AlbumPhotosDto>(site, 'GET', `/api/admin/albums/${album.id}/photos`, undefined, admin)).list.map(
          (p) => p.id,
        ),
      ).toEqual([p3, p1, p2]);

      const seeded = (await publicAlbums())[0]!;
      const seededPhoto = (await publicPhotos(seeded.id))[0]!;
      for (const [url, body, message] of [
        [`/api/admin/albums/${album.id}/photos/order`, { ids: [p1, p1] }, text.orderRepeated],
        [`/api/admin/albums/${album.id}/photos/order`, { ids: [p1, seededPhoto.id] }, text.orderForeign],
        [`/api/admin/albums/${album.id}/cover`, { photoId: seededPhoto.id }, text.coverNotInAlbum],
        ['/api/admin/albums/order', { ids: [album.id, 2_147_483_000] }, text.orderForeign],
      ] as const) {
        expect(await call(site, 'PUT', url, body, admin)).toEqual({
          status: 400,
          body: { code: 400, result: null, message },
        });
      }

      const albums = await done<AlbumDto[]>(site, 'PUT', '/api/admin/albums/order', { ids: [album.id] }, admin);
      expect(albums[0]!.id).toBe(album.id);
      expect((await publicAlbums()).map((a) => a.id)).toEqual(albums.map((a) => a.id));
      expect(albums.slice(1).map((a) => a.id)).toEqual(
        (await publicAlbums()).filter((a) => a.id !== album.id).map((a) => a.id),
      );
    });

    test('describes a photo, and deleting the cover photo makes the first photo the cover', async () => {
      const album = await done<AlbumDto>(site, 'POST', '/api/admin/albums', { name: '花', description: '' }, admin);
      const first = (
        await upload<PhotoDto>(site, `/api/admin/albums/${album.id}/photos`, await jpeg(20, 10, '#a00'), admin)
      ).body.result;
      const second = (
        await upload<PhotoDto>(site, `/api/admin/albums/${album.id}/photos`, await jpeg(10, 20, '#0a0'), admin)
      ).body.result;
      const described = await done<PhotoDto>(
        site,
        'PUT',
        `/api/admin/photos/${second.id}`,
        { description: ' 雨后的月季 ' },
        admin,
      );
      expect(described).toEqual({ ...second, description: '雨后的月季' });
      expect((await publicPhotos(album.id))[1]).toEqual(described);
      expect(
        await call(site, 'PUT', `/api/admin/photos/${second.id}`, { description: '长'.repeat(201) }, admin),
      ).toEqual({
        status: 400,
        body: { code: 400, result: null, message: text.tooLong(text.photoDescription, 200) },
      });

      await done(site, 'PUT', `/api/admin/albums/${album.id}/cover`, { photoId: second.id }, admin);
      const after = await done<AlbumDto>(site, 'DELETE', `/api/admin/photos/${second.id}`, undefined, admin);
      expect(after).toMatchObject({ id: album.id, cover: first.url, photoCount: 1 });
      expect((await publicAlbums()).find((a) => a.id === album.id)).toEqual(after);
      expect(await call(site, 'DELETE', `/api/admin/photos/${second.id}`, undefined, admin)).toEqual({
        status: 404,
        body: { code: 404, result: null, message: text.photoNotFound },
      });
    });

    test('deleting an album removes its photos, and its address answers not found', async () => {
      const album = await done<AlbumDto>(site, 'POST', '/api/admin/albums', { name: '将删除', description: '' }, admin);
      await upload(site, `/api/admin/albums/${album.id}/photos`, await jpeg(8, 8, '#333'), admin);
      await upload(site, `/api/admin/albums/${album.id}/photos`, await jpeg(9, 9, '#444'), admin);
      const edited = await done<AlbumDto>(
        site,
        'PUT',
        `/api/admin/albums/${album.id}`,
        { name: '将删除的相册', description: '再见' },
        admin,
      );
      expect(edited).toMatchObject({ name: '将删除的相册', description: '再见', photoCount: 2 });

      expect(await done(site, 'DELETE', `/api/admin/albums/${album.id}`, undefined, admin)).toBeNull();
      expect((await publicAlbums()).some((a) => a.id === album.id)).toBe(false);
      const left = await db.db.selectFrom('photo').select('id').where('album_id', '=', album.id).execute();
      expect(left).toEqual([]);
      const notFound = { status: 404, body: { code: 404, result: null, message: content.albumNotFound } };
      expect(await call(site, 'GET', `/api/photo/getPhotoListByAlbumId/${album.id}/1/10`)).toEqual(notFound);
      expect(await call(site, 'GET', `/api/admin/albums/${album.id}/photos`, undefined, admin)).toEqual(notFound);
      expect(await upload(site, `/api/admin/albums/${album.id}/photos`, await jpeg(8, 8, '#555'), admin)).toEqual(
        notFound,
      );
    });
  });
});

describe('arranging a list (albums, photos)', () => {
  const lists = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 20 });

  it('puts the named ids first in the order given and the others after in theirs, each once', () => {
    fc.assert(
      fc.property(
        lists.chain((current) => fc.tuple(fc.constant(current), fc.shuffledSubarray(current))),
        ([current, requested]) => {
          const result = arrange(current, requested);
          expect(result).toEqual({ order: [...requested, ...current.filter((id) => !requested.includes(id))] });
          if ('order' in result)
            expect([...result.order].sort((a, b) => a - b)).toEqual([...current].sort((a, b) => a - b));
        },
      ),
    );
  });

  it('refuses an id named twice or one that is not in the list', () => {
    fc.assert(
      fc.property(lists, fc.integer({ min: 61, max: 99 }), (current, stranger) => {
        expect(arrange(current, [...current, stranger])).toEqual({ problem: 'foreign' });
        if (current.length > 0) expect(arrange(current, [current[0]!, current[0]!])).toEqual({ problem: 'repeated' });
      }),
    );
  });
});
