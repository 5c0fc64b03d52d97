import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaylistDto, SongDto } from '../../../src/protocol/music';
import { startMusicServer } from './testLibrary';

type Server = Awaited<ReturnType<typeof startMusicServer>>;

describe('/wapi over the local library', () => {
  let server: Server;
  let playlists: PlaylistDto[];
  let mountainSongs: SongDto[];

  const get = async (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    server = await startMusicServer();
    playlists = (await get('/wapi/toplist/detail')).json().list;
    mountainSongs = (await get(`/wapi/playlist/track/all?id=${playlists[0]!.id}&limit=30&offset=0`)).json().songs;
  });
  afterAll(async () => server.close());

  it('lists the folders as playlists in folder order, the loose files last, with covers and descriptions', async () => {
    const response = await get('/wapi/toplist/detail');
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(200);
    expect(playlists.map((p) => [p.name, p.trackCount])).toEqual([
      ['山居', 3],
      ['夜曲', 1],
      ['散曲集', 1],
    ]);
    expect(playlists[0]).toMatchObject({ description: '山里的清晨与黄昏。', playCount: 0 });
    expect(playlists[0]!.updateFrequency).toMatch(/^更新于 \d{4}-\d{2}-\d{2}$/);
    expect(playlists[0]!.coverImgUrl).toMatch(/^\/wapi\/cover\/playlist\/\d+\/[0-9a-f]{12}\.jpg$/);
  });

  it('reads titles, artists, album and alias from the tags, and the file name when there are none', () => {
    expect(mountainSongs.map((song) => song.name)).toEqual(['静夜思', '重庆森林', 'no tags here']);
    const [quiet, , untagged] = mountainSongs;
    expect(quiet).toMatchObject({ ar: [{ name: '李白' }, { name: '听雨' }], al: { name: '唐诗' }, alia: ['Quiet Night Thoughts'] });
    expect(quiet!.dt).toBeGreaterThan(1900);
    expect(quiet!.dt).toBeLessThan(2200);
    expect(untagged!.ar).toEqual([{ id: expect.any(Number), name: '歌手走丢了' }]);
    expect(untagged!.al.name).toBe('山居');
  });

  it('skips a broken file and names it, while the rest of its folder plays', async () => {
    const report = await server.library!.rescan();
    expect(report.skipped.map((entry) => entry.file)).toEqual(['01 山居/04 broken.mp3']);
    expect(report.songs).toBe(5);
  });

  it('pages a playlist by item offset and answers an empty list past the end', async () => {
    const id = playlists[0]!.id;
    const page = async (limit: number, offset: number) =>
      ((await get(`/wapi/playlist/track/all?id=${id}&limit=${limit}&offset=${offset}`)).json().songs as SongDto[]).map((s) => s.name);
    expect(await page(2, 0)).toEqual(['静夜思', '重庆森林']);
    expect(await page(2, 2)).toEqual(['no tags here']);
    expect(await page(2, 4)).toEqual([]);
  });

  it('refuses unknown and path-like ids with a Chinese message and the right status, never a 500', async () => {
    const cases: [string, number][] = [
      ['/wapi/playlist/track/all?id=999999', 404],
      ['/wapi/playlist/track/all?id=..%2F..%2Fetc%2Fpasswd', 400],
      ['/wapi/playlist/track/all', 400],
      ['/wapi/lyric?id=0', 400],
      ['/wapi/lyric?id=424242', 404],
      ['/wapi/song/url/v1?id=1;rm&level=exhigh', 400],
      ['/wapi/song/url/v1?id=1&level=ultra', 400],
      ['/wapi/song/detail?ids=', 400],
      ['/wapi/song/media/1/..%2F..%2Fblog.sqlite', 302],
      ['/wapi/song/media/424242/abc', 404],
      ['/wapi/cover/song/424242/abc.jpg', 404],
      ['/wapi/cover/album/1/abc.jpg', 400],
    ];
    for (const [url, status] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      if (status !== 302) {
        expect(response.json().code, url).toBe(status);
        expect(response.json().message, url).toMatch(/[\u4e00-\u9fff]/u);
      }
    }
  });

  it('gives song details in the order asked and leaves out unknown ids', async () => {
    const [a, b] = mountainSongs;
    const songs = (await get(`/wapi/song/detail?ids=${b!.id},424242,${a!.id}`)).json().songs as SongDto[];
    expect(songs.map((song) => song.id)).toEqual([b!.id, a!.id]);
  });

  it('hands out a url that streams the file with byte ranges, ETag, If-Range and a year of caching', async () => {
    const song = mountainSongs[0]!;
    const answer = (await get(`/wapi/song/url/v1?id=${song.id}&level=exhigh`)).json();
    expect(answer.code).toBe(200);
    const file = fs.readFileSync(path.join(server.musicDir, '01 山居', '01 静夜思.mp3'));
    expect(answer.data[0]).toMatchObject({ id: song.id, br: expect.any(Number), size: file.length, type: 'mp3', level: 'exhigh' });
    const url = answer.data[0].url as string;

    const whole = await get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(file)).toBe(true);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['cache-control']).toContain('immutable');
    const etag = whole.headers.etag as string;
    expect(etag).toBeTruthy();

    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(100, 200))).toBe(true);

    const tail = await get(url, { range: 'bytes=-50' });
    expect(tail.rawPayload.equals(file.subarray(file.length - 50))).toBe(true);

    const beyond = await get(url, { range: `bytes=${file.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${file.length}`);

    expect((await get(url, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(url, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('counts a play when a song url is asked for', async () => {
    const song = mountainSongs[1]!;
    await get(`/wapi/song/url/v1?id=${song.id}&level=exhigh`);
    const list = (await get('/wapi/toplist/detail')).json().list as PlaylistDto[];
    expect(list[0]!.playCount).toBeGreaterThanOrEqual(1);
  });

  it('answers lyrics with the translation, word times from enhanced LRC, and nolyric when there are none', async () => {
    const [quiet, , untagged] = mountainSongs;
    const lyric = (await get(`/wapi/lyric?id=${quiet!.id}`)).json();
    expect(lyric.code).toBe(200);
    expect(lyric.lrc.lyric).toContain('[00:01.00]床前明月光');
    expect(lyric.tlyric.lyric).toContain('Before my bed');
    expect(lyric.yrc).toBeUndefined();

    expect((await get(`/wapi/lyric?id=${untagged!.id}`)).json()).toEqual({ code: 200, nolyric: true });

    const night = (await get(`/wapi/playlist/track/all?id=${playlists[1]!.id}`)).json().songs as SongDto[];
    const spring = (await get(`/wapi/lyric?id=${night[0]!.id}`)).json();
    expect(spring.lrc.lyric.trim()).toBe('[00:00.50]春眠不觉晓');
    expect(spring.yrc.lyric).toBe('[500,2500](500,500,0)春(1000,500,0)眠(1500,500,0)不(2000,400,0)觉(2400,600,0)晓');
  });

  it('resizes covers to the size asked, from the folder cover or a generated one', async () => {
    const folderCover = await get(`${playlists[0]!.coverImgUrl}?param=300y300`);
    expect(folderCover.statusCode).toBe(200);
    expect(folderCover.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(folderCover.rawPayload).metadata()).toMatchObject({ width: 300, height: 300, format: 'jpeg' });
    // Sizes snap up to a few steps, so clients cannot fill the cache with every size.
    const odd = await get(`${playlists[0]!.coverImgUrl}?param=250y250`);
    expect(await sharp(odd.rawPayload).metadata()).toMatchObject({ width: 300, height: 300 });

    const generated = await get(`${playlists[1]!.coverImgUrl}?param=100y100`);
    expect(await sharp(generated.rawPayload).metadata()).toMatchObject({ width: 100, height: 100 });
    expect((await get(`${playlists[0]!.coverImgUrl}?param=huge`)).statusCode).toBe(400);
  });

  it('searches Chinese substrings, pinyin, initials and mixed input, the exact title first', async () => {
    const names = async (keywords: string) =>
      ((await get(`/wapi/search?keywords=${encodeURIComponent(keywords)}&limit=20&offset=0`)).json().result.songs as { name: string }[]).map(
        (song) => song.name,
      );
    expect(await names('夜思')).toEqual(['静夜思']);
    expect(await names('jingyesi')).toEqual(['静夜思']);
    expect(await names('jing ye si')).toEqual(['静夜思']);
    expect(await names('jys')).toEqual(['静夜思']);
    expect(await names('静ys')).toEqual(['静夜思']);
    expect(await names('chongqing')).toEqual(['重庆森林']);
    expect(await names('李白')).toEqual(['静夜思']);
    expect(await names('Quiet')).toEqual(['静夜思']);
    expect(await names('春晓')).toEqual(['春晓']);
    expect(await names('nothing like this')).toEqual([]);
    const search = (await get('/wapi/search?keywords=j&limit=1&offset=0')).json().result;
    expect(search).toMatchObject({ songCount: expect.any(Number), hasMore: true });
    expect((await get(`/wapi/search?keywords=${'长'.repeat(51)}`)).statusCode).toBe(400);
  });
});
