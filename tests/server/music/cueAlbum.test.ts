import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlaylistDto, SongDto, SongUrlDto } from '../../../src/protocol/music';
import * as zhCN from '../../../src/i18n/zh-CN';
import { temporaryFolder } from '../support/siteServer';
import { CUE_ALBUM, cueSheetText, startMusicServer, toneWav, writeCueAlbum } from './testLibrary';

type Server = Awaited<ReturnType<typeof startMusicServer>>;

const ALBUM_FOLDER = '01 夏日合辑';

describe('a CUE album: one WAV and a GBK sheet', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  async function start(build: (musicDir: string) => void = (musicDir) => writeCueAlbum(path.join(musicDir, ALBUM_FOLDER))) {
    const musicDir = path.join(temporaryFolder('blog-cue-'), 'music');
    build(musicDir);
    const server = await startMusicServer({ musicDir });
    servers.push(server);
    return server;
  }

  async function songsOf(server: Server): Promise<SongDto[]> {
    const list = (await server.app.inject('/wapi/toplist/detail')).json().list as PlaylistDto[];
    const album = list.find((playlist) => playlist.name === '夏日合辑');
    return album ? (await server.app.inject(`/wapi/playlist/track/all?id=${album.id}`)).json().songs : [];
  }

  const urlOf = async (server: Server, id: number) => ((await server.app.inject(`/wapi/song/url/v1?id=${id}`)).json().data as SongUrlDto[])[0]!;

  it('lists one song per track with the titles and performers of the sheet, lasting their spans; not the whole file', async () => {
    const server = await start();
    const songs = await songsOf(server);
    expect(songs.map((song) => [song.name, song.ar.map((artist) => artist.name), song.al.name, song.dt])).toEqual([
      ['晴天', ['周杰伦'], CUE_ALBUM.title, 4000],
      ['七里香', ['周杰伦'], CUE_ALBUM.title, 5000],
      // No PERFORMER of its own: the album's; the last track runs to the end of the file.
      ['后来', [CUE_ALBUM.performer], CUE_ALBUM.title, 4000],
    ]);
    const search = (await server.app.inject(`/wapi/search?keywords=${encodeURIComponent('七里香')}`)).json().result.songs as { id: number }[];
    expect(search.map((song) => song.id)).toEqual([songs[1]!.id]);
    expect((await server.app.inject(`/wapi/song/detail?ids=${songs[2]!.id}`)).json().songs[0].dt).toBe(4000);
  });

  it('answers each track URL with the whole file plus the span as a media fragment, and serves the file with ranges', async () => {
    const server = await start();
    const songs = await songsOf(server);
    const urls = await Promise.all(songs.map((song) => urlOf(server, song.id)));
    expect(urls.map((answer) => answer.url?.replace(/^.*#/, '#'))).toEqual(['#t=0,4', '#t=4,9', '#t=9']);
    expect(urls[1]).toMatchObject({ id: songs[1]!.id, type: 'wav', size: fs.statSync(path.join(server.musicDir, ALBUM_FOLDER, 'CDImage.wav')).size });

    const media = await server.app.inject({ url: urls[1]!.url!.replace(/#.*$/, ''), headers: { range: 'bytes=0-43' } });
    expect(media.statusCode).toBe(206);
    expect(media.headers['content-type']).toBe('audio/wav');
    expect(media.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('finds a track’s lyric by its title beside the sheet, and no other track takes it', async () => {
    const server = await start();
    const [sunny, jasmine] = await songsOf(server);
    expect((await server.app.inject(`/wapi/lyric?id=${jasmine!.id}`)).json().lrc.lyric).toContain('窗外的麻雀');
    expect((await server.app.inject(`/wapi/lyric?id=${sunny!.id}`)).json()).toMatchObject({ nolyric: true });
  });

  it('keeps every track’s id across rescans and restarts, an edited sheet, and the album renamed', async () => {
    const server = await start();
    const ids = (await songsOf(server)).map((song) => song.id);
    await server.library!.rescan();
    expect((await songsOf(server)).map((song) => song.id)).toEqual(ids);

    const folder = path.join(server.musicDir, ALBUM_FOLDER);
    fs.writeFileSync(path.join(folder, 'CDImage.cue'), iconv.encode(cueSheetText('CDImage.wav', '七里香（现场）'), 'gbk'));
    await server.library!.rescan();
    expect((await songsOf(server)).map((song) => [song.id, song.name])).toEqual([
      [ids[0], '晴天'],
      [ids[1], '七里香（现场）'],
      [ids[2], '后来'],
    ]);

    // Renamed as rippers do, audio and sheet together: the tracks are known again by the file's content and their number.
    fs.renameSync(path.join(folder, 'CDImage.wav'), path.join(folder, '周杰伦 - 夏日合辑.wav'));
    fs.rmSync(path.join(folder, 'CDImage.cue'));
    fs.writeFileSync(path.join(folder, '周杰伦 - 夏日合辑.cue'), iconv.encode(cueSheetText('周杰伦 - 夏日合辑.wav'), 'gbk'));
    await server.library!.rescan();
    expect((await songsOf(server)).map((song) => song.id)).toEqual(ids);
    const url = await urlOf(server, ids[1]!);
    expect((await server.app.inject(url.url!.replace(/#.*$/, ''))).statusCode).toBe(200);

    await server.close();
    servers.pop();
    const again = await startMusicServer({ dataDir: server.dataDir, musicDir: server.musicDir });
    servers.push(again);
    expect((await songsOf(again)).map((song) => song.id)).toEqual(ids);
  });

  it('skips a sheet whose audio file is missing, with the reason, and lists the folder’s files as they are', async () => {
    const server = await start((musicDir) => {
      const folder = path.join(musicDir, ALBUM_FOLDER);
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, '另一张.wav'), toneWav(1, 330));
      fs.writeFileSync(path.join(folder, '夏日合辑.cue'), iconv.encode(cueSheetText('夏日合辑.wav'), 'gbk'));
    });
    const report = await server.library!.rescan();
    expect(report.skipped).toEqual([{ file: `${ALBUM_FOLDER}/夏日合辑.cue`, reason: zhCN.musicServer.scan.cueFileMissing('夏日合辑.wav') }]);
    const list = (await server.app.inject('/wapi/toplist/detail')).json().list as PlaylistDto[];
    const songs = (await server.app.inject(`/wapi/playlist/track/all?id=${list[0]!.id}`)).json().songs as SongDto[];
    expect(songs.map((song) => song.name)).toEqual(['另一张']);
  });
});
