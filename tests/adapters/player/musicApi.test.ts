import axios, { type AxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { createMusicApi } from '../../../src/adapters/http/musicApi';
import type { HttpClient } from '../../../src/adapters/http/httpClient';

/** A real axios instance whose transport answers from a table, so the adapter's own reading is what is tested. */
function client(answer: (url: string, params: Record<string, unknown>) => { status?: number; data: unknown }) {
  const seen: string[] = [];
  const instance = axios.create({
    adapter: async (config) => {
      const params = (config.params ?? {}) as Record<string, unknown>;
      seen.push(`${config.url} ${JSON.stringify(params)}`);
      const { status = 200, data } = answer(config.url ?? '', params);
      return { data, status, statusText: 'OK', headers: {}, config, request: {} };
    },
  });
  const requestBody = async <T,>(config: AxiosRequestConfig) => (await instance.request<T>(config)).data;
  const http: HttpClient = { baseURL: '', transport: async () => instance, request: requestBody, requestBody };
  return { api: createMusicApi(http), seen };
}

const songDto = { id: 7, name: '晴天', ar: [{ id: 1, name: '周杰伦' }], al: { id: 2, name: '叶惠美', picUrl: 'c.jpg' }, alia: ['Sunny'], dt: 269_000 };

describe('music API adapter', () => {
  it('reads song url, lyric, playlist and search in the NeteaseCloudMusicApi shapes', async () => {
    const { api, seen } = client((url) => {
      if (url === '/wapi/song/url/v1') return { data: { code: 200, data: [{ id: 7, url: null, br: 0, size: 0, type: '', level: 'exhigh' }] } };
      if (url === '/wapi/lyric') return { data: { code: 200, lrc: { lyric: '[00:01.00]甲' }, yrc: { lyric: 'y' } } };
      if (url === '/wapi/playlist/track/all') return { data: { code: 200, songs: [songDto] } };
      if (url === '/wapi/toplist/detail')
        return { data: { code: 200, list: [{ id: 3, name: '飙升榜', coverImgUrl: 'p', description: '', trackCount: 1, updateFrequency: '', playCount: 0 }] } };
      return {
        data: {
          code: 200,
          result: {
            songs: [{ id: 8, name: '七里香', artists: [{ id: 1, name: '周杰伦', img1v1Url: 'a' }], album: { id: 1, name: '', picUrl: '', artist: { img1v1Url: 'a' } }, alias: [], duration: 1000 }],
            songCount: 1,
            hasMore: false,
          },
        },
      };
    });
    expect(await api.songUrl(7, 'exhigh')).toBeNull();
    expect(await api.lyric(7)).toEqual({ lrc: '[00:01.00]甲', tlyric: '', yrc: 'y' });
    expect(await api.playlistTracks(3, 30, 30)).toEqual([
      { id: 7, name: '晴天', artists: ['周杰伦'], alias: ['Sunny'], cover: 'c.jpg', durationMs: 269_000 },
    ]);
    expect(await api.playlists()).toEqual([{ id: 3, name: '飙升榜', coverImgUrl: 'p' }]);
    expect(await api.search('七里香', 20, 20)).toEqual([{ id: 8, name: '七里香', artists: ['周杰伦'], alias: [], cover: 'a', durationMs: 1000 }]);
    expect(seen).toEqual([
      '/wapi/song/url/v1 {"id":7,"level":"exhigh"}',
      '/wapi/lyric {"id":7}',
      '/wapi/playlist/track/all {"id":3,"limit":30,"offset":30}',
      '/wapi/toplist/detail {}',
      '/wapi/search {"keywords":"七里香","offset":20,"limit":20}',
    ]);
  });

  it('uses only bodies with code 200', async () => {
    const { api } = client(() => ({ data: { code: 0, result: { songs: [] }, message: '站点信封' } }));
    await expect(api.search('雨', 0, 20)).rejects.toThrow('站点信封');
    const odd = client(() => ({ data: '<html>' }));
    await expect(odd.api.lyric(1)).rejects.toThrow();
  });
});
