import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamMusicSource } from '../../../server/adapters/music/upstreamMusicSource';
import { AppError } from '../../../server/domain/errors';
import { startMusicServer } from './testLibrary';

/** A tiny NeteaseCloudMusicApi stand-in: canned answers, a log of what was asked, and switches for failure. */
function fakeUpstream() {
  const asked: string[] = [];
  const state = { down: false, slow: false };
  const song = (id: number) => ({ id, name: `歌${id}`, ar: [{ id: 9, name: '歌手', extra: 'x' }], al: { id: 5, name: '专辑', picUrl: 'https://p.example/a.jpg' }, alia: [], dt: 1000, privilege: {} });
  const routes: Record<string, (query: URLSearchParams) => unknown> = {
    '/toplist/detail': () => ({ code: 200, list: [1, 2, 3, 4].map((id) => ({ id, name: `榜${id}`, coverImgUrl: '', description: null, trackCount: 10, updateFrequency: '每天更新', playCount: 7 })) }),
    '/playlist/track/all': (query) => ({ code: 200, songs: Array.from({ length: Number(query.get('limit')) }, (_, i) => song(i + 1)) }),
    '/song/url/v1': (query) => ({ code: 200, data: query.get('id')!.split(',').map((id) => ({ id: Number(id), url: id === '2' ? null : `https://m.example/${id}.mp3`, br: 320000, size: 10, type: 'MP3', level: 'exhigh' })) }),
    '/song/detail': (query) => ({ code: 200, songs: query.get('ids')!.split(',').map(Number).map(song) }),
    '/search': () => ({ code: 200, result: { songs: [{ id: 3, name: '歌3', artists: [{ id: 9, name: '歌手', img1v1Url: '' }], album: { id: 5, name: '专辑', picUrl: '', artist: { img1v1Url: '' } }, alias: [], duration: 1000 }], songCount: 1, hasMore: false } }),
    '/lyric': (query) => (query.get('id') === '1' ? { code: 200, lrc: { lyric: '[00:01.00]你好' }, tlyric: { lyric: '' } } : { code: 200, nolyric: true }),
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://upstream');
    asked.push(`${url.pathname}?${url.searchParams}`);
    if (state.down) return void response.writeHead(503).end('busy');
    const answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(routes[url.pathname]?.(url.searchParams) ?? { code: 404 }));
    if (state.slow) setTimeout(answer, 500);
    else answer();
  });
  return { server, asked, state };
}

describe('MUSIC_UPSTREAM: the six calls forwarded to a NeteaseCloudMusicApi-compatible server', () => {
  const upstream = fakeUpstream();
  let base = '';
  let site: Awaited<ReturnType<typeof startMusicServer>>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
    site = await startMusicServer({ upstream: base });
  });
  afterAll(async () => {
    await site.close();
    await new Promise((resolve) => upstream.server.close(resolve));
  });
  beforeEach(() => {
    upstream.asked.length = 0;
    upstream.state.down = false;
    upstream.state.slow = false;
  });

  it('answers through the site in our shapes, dropping fields the client does not know', async () => {
    const toplist = (await site.app.inject('/wapi/toplist/detail')).json();
    expect(toplist.list).toHaveLength(4);
    expect(toplist.list[0]).toEqual({ id: 1, name: '榜1', coverImgUrl: '', description: '', trackCount: 10, updateFrequency: '每天更新', playCount: 7 });
    const detail = (await site.app.inject('/wapi/song/detail?ids=3,1')).json();
    expect(detail.songs.map((s: { id: number }) => s.id)).toEqual([3, 1]);
    expect(detail.songs[0].ar[0]).toEqual({ id: 9, name: '歌手' });
    expect((await site.app.inject('/wapi/search?keywords=歌')).json().result.songCount).toBe(1);
    expect((await site.app.inject('/wapi/lyric?id=1')).json()).toEqual({ code: 200, lrc: { lyric: '[00:01.00]你好' } });
    expect((await site.app.inject('/wapi/lyric?id=2')).json()).toEqual({ code: 200, nolyric: true });
  });

  it('counts the offset in items although the public API reads it as a page index', async () => {
    const songs = (await site.app.inject('/wapi/playlist/track/all?id=1&limit=30&offset=30')).json().songs as { id: number }[];
    expect(songs.map((s) => s.id)).toEqual(Array.from({ length: 30 }, (_, i) => 31 + i));
    expect(upstream.asked).toEqual(['/playlist/track/all?id=1&limit=60&offset=0']);
  });

  it('passes on a song without rights as url null, so the player can skip it', async () => {
    const data = (await site.app.inject('/wapi/song/url/v1?id=1,2&level=exhigh')).json().data;
    expect(data.map((d: { url: string | null }) => d.url)).toEqual(['https://m.example/1.mp3', null]);
    expect(data[0].type).toBe('mp3');
  });

  it('keeps song details and lyrics for a short while, and asks again after a failure', async () => {
    await site.app.inject('/wapi/song/detail?ids=7');
    await site.app.inject('/wapi/song/detail?ids=7');
    await site.app.inject('/wapi/lyric?id=7');
    await site.app.inject('/wapi/lyric?id=7');
    expect(upstream.asked.filter((line) => line.startsWith('/song/detail'))).toHaveLength(1);
    expect(upstream.asked.filter((line) => line.startsWith('/lyric'))).toHaveLength(1);
  });

  it('answers an upstream failure with a clear Chinese error and a 502', async () => {
    upstream.state.down = true;
    const response = await site.app.inject('/wapi/toplist/detail');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: 502, message: '音乐服务暂时不可用，请稍后再试' });
    expect((await site.app.inject('/wapi/lyric?id=8')).statusCode).toBe(502);
    upstream.state.down = false;
    expect((await site.app.inject('/wapi/lyric?id=8')).statusCode).toBe(200);
  });

  it('gives up after its timeout with a 504', async () => {
    upstream.state.slow = true;
    const source = new UpstreamMusicSource(base, { timeoutMs: 100 });
    const failure = await source.toplists().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ kind: 'timeout', message: '音乐服务响应超时，请稍后再试' });
  });
});

describe('MUSIC_UPSTREAM pointing at another copy of this blog, which answers relative addresses', () => {
  let upstream: Awaited<ReturnType<typeof startMusicServer>>;
  let upstreamUrl = '';
  let site: Awaited<ReturnType<typeof startMusicServer>>;

  beforeAll(async () => {
    upstream = await startMusicServer();
    upstreamUrl = (await upstream.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
    site = await startMusicServer({ upstream: `${upstreamUrl}/wapi` });
  });
  afterAll(async () => {
    await site.close();
    await upstream.close();
  });

  it('resolves song and cover addresses against the upstream, so the browser fetches them from there', async () => {
    const toplists = (await site.app.inject({ method: 'GET', url: '/wapi/toplist/detail' })).json() as { list: { id: number; coverImgUrl: string }[] };
    const playlist = toplists.list[0]!;
    expect(playlist.coverImgUrl.startsWith(`${upstreamUrl}/wapi/cover/`)).toBe(true);
    const tracks = (await site.app.inject({ method: 'GET', url: `/wapi/playlist/track/all?id=${playlist.id}` })).json() as { songs: { id: number; al: { picUrl: string } }[] };
    const song = tracks.songs[0]!;
    expect(song.al.picUrl.startsWith(`${upstreamUrl}/wapi/cover/`)).toBe(true);
    const urls = (await site.app.inject({ method: 'GET', url: `/wapi/song/url/v1?id=${song.id}&level=exhigh` })).json() as { data: { url: string }[] };
    const audio = urls.data[0]!.url;
    expect(audio.startsWith(`${upstreamUrl}/wapi/song/media/${song.id}/`)).toBe(true);
    // What the browser does with them: both answer from the upstream.
    const range = await fetch(audio, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-type')).toMatch(/^audio\//);
    expect((await fetch(song.al.picUrl)).headers.get('content-type')).toBe('image/jpeg');
  });
});
