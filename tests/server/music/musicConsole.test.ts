import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as zhCN from '../../../src/i18n/zh-CN';
import { MUSIC_LIMITS } from '../../../src/domain/console/music/musicLimits';
import type { ConsolePlaylistDto, ConsoleSongDto, MusicLibraryDto, SongLyricsDto } from '../../../src/protocol/console/music';
import type { SongDto } from '../../../src/protocol/music';
import { accountMessages } from '../../../server/domain/accounts/messages';
import { MARKER } from '../accounts/support';
import { adminCookie, sharedData, startSite, type SharedData, type TestSite } from '../cache/support';
import { backends } from '../support/databases';
import { silentOpus, taggedM4a, toneFlac } from './tagFixtures';
import { squareImage, toneWav } from './testLibrary';

const text = zhCN.consoleMusic.server;
const SAME_SITE = { ...MARKER, host: '127.0.0.1', origin: 'http://127.0.0.1' };
const BOUNDARY = '----musicconsoletest';
const DEMO = path.resolve('content/demo/music');

interface Answer<T> {
  status: number;
  body: { code: number; result: T; message: string };
}

/** Every file under `root` ('/'-separated), hidden ones too: what a failed upload must not add to. */
function filesUnder(root: string): string[] {
  return (fs.readdirSync(root, { recursive: true }) as string[]).map((file) => file.split(path.sep).join('/')).sort();
}

describe.each(await backends())('the console music library on $name', (backend) => {
  let data: SharedData;
  let site: TestSite;
  let admin = '';
  let musicDir: string;

  async function call<T>(method: string, url: string, payload?: object): Promise<Answer<T>> {
    const response = await site.app.inject({ method: method as 'GET', url, headers: { ...SAME_SITE, cookie: admin }, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  }

  async function done<T>(method: string, url: string, payload?: object): Promise<T> {
    const answer = await call<T>(method, url, payload);
    expect(answer.body, `${method} ${url}: ${answer.body.message}`).toMatchObject({ code: 0 });
    return answer.body.result;
  }

  async function upload<T>(url: string, bytes: Buffer, fileName: string): Promise<Answer<T>> {
    const payload = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const response = await site.app.inject({
      method: 'POST',
      url,
      headers: { ...SAME_SITE, cookie: admin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  }

  async function start(): Promise<void> {
    site = await startSite(data);
    // A restarted server keeps the session (it is in the database).
    admin ||= await adminCookie(site, site.adminPassword);
    await site.server.music?.ready();
  }

  const playlists = async () => (await done<MusicLibraryDto>('GET', '/api/admin/music/playlists')).playlists;
  const byName = async (name: string) => (await playlists()).find((playlist) => playlist.name === name)!;
  const songsOf = (id: number) => done<ConsoleSongDto[]>('GET', `/api/admin/music/playlists/${id}/songs`);
  const publicTracks = async (id: number) =>
    ((await site.app.inject(`/wapi/playlist/track/all?id=${id}`)).json() as { songs: SongDto[] }).songs;

  beforeAll(async () => {
    if (backend.skipReason) return;
    data = await sharedData(backend.name);
    musicDir = path.join(data.config.dataDir, 'music');
    fs.cpSync(DEMO, musicDir, { recursive: true });
    data.config = { ...data.config, musicUpstream: undefined, musicDir };
    await start();
  }, 60_000);

  afterAll(async () => {
    if (backend.skipReason) return;
    await site?.close();
    await data?.dispose();
  });

  it.skipIf(backend.skipReason)('uploads MP3, FLAC and WAV, reading their tags as the scanner does', async () => {
    const morning = await byName('清晨');
    const mp3 = await upload<ConsoleSongDto>(
      `/api/admin/music/playlists/${morning.id}/songs`,
      fs.readFileSync(path.join(DEMO, '05 古风', '02 山行.mp3')),
      '山行.mp3',
    );
    expect(mp3.body.result).toMatchObject({ title: '山行', playlistId: morning.id, fileName: '山行.mp3' });
    const flac = await upload<ConsoleSongDto>(
      `/api/admin/music/playlists/${morning.id}/songs`,
      toneFlac(1, 440, [['TITLE', '清晨的笛'], ['ARTIST', '听雨']]),
      'flute.flac',
    );
    expect(flac.body.result).toMatchObject({ title: '清晨的笛', artists: ['听雨'] });
    // A WAV without tags is named from its file; a name reaching outside the folder is made safe.
    const wav = await upload<ConsoleSongDto>(`/api/admin/music/playlists/${morning.id}/songs`, toneWav(1, 392), '../../晨钟.wav');
    expect(wav.body.result.fileName).toBe('晨钟.wav');
    expect(fs.existsSync(path.join(musicDir, '01 清晨', '晨钟.wav'))).toBe(true);
    // The same name again is kept apart, not overwritten.
    const again = await upload<ConsoleSongDto>(`/api/admin/music/playlists/${morning.id}/songs`, toneWav(1.2, 330), '晨钟.wav');
    expect(again.body.result.fileName).toBe('晨钟 (2).wav');
    const listed = (await publicTracks(morning.id)).map((song) => song.id);
    expect(listed).toEqual(expect.arrayContaining([mp3.body.result.id, flac.body.result.id, wav.body.result.id, again.body.result.id]));
  });

  it.skipIf(backend.skipReason)('uploads Ogg and M4A, reading their tags as the scanner does', async () => {
    const morning = await byName('清晨');
    const ogg = await upload<ConsoleSongDto>(
      `/api/admin/music/playlists/${morning.id}/songs`,
      silentOpus(2, [['TITLE', '檐下雨'], ['ARTIST', '听雨'], ['ALBUM', '小筑']]),
      'rain.opus',
    );
    expect(ogg.body.result).toMatchObject({ title: '檐下雨', artists: ['听雨'], album: '小筑', fileName: 'rain.opus', durationMs: 2000 });
    // Named by its bytes: an M4A sent as .mp3 is kept as .m4a.
    const m4a = await upload<ConsoleSongDto>(
      `/api/admin/music/playlists/${morning.id}/songs`,
      taggedM4a(3, { title: '夜曲', artist: '听雨', album: '小筑' }),
      'night.mp3',
    );
    expect(m4a.body.result).toMatchObject({ title: '夜曲', artists: ['听雨'], fileName: 'night.m4a', durationMs: 3000 });
    expect(fs.existsSync(path.join(musicDir, '01 清晨', 'night.m4a'))).toBe(true);
    const listed = await publicTracks(morning.id);
    expect(listed.map((song) => song.id)).toEqual(expect.arrayContaining([ogg.body.result.id, m4a.body.result.id]));
    const audio = await site.app.inject(m4a.body.result.audioUrl);
    expect(audio.headers['content-type']).toBe('audio/mp4');
  });

  it.skipIf(backend.skipReason)('refuses a file that is not audio by its bytes, leaving nothing behind', async () => {
    const morning = await byName('清晨');
    const before = filesUnder(musicDir);
    const fake = await upload(`/api/admin/music/playlists/${morning.id}/songs`, Buffer.from('这只是一个文本文件，不是音乐。\n'.repeat(50)), 'song.mp3');
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(text.notAudio);
    expect(filesUnder(musicDir)).toEqual(before);
  });

  it.skipIf(backend.skipReason || backend.name !== 'SQLite')('refuses a file over the size limit with 413, leaving nothing behind', async () => {
    const morning = await byName('清晨');
    const before = filesUnder(musicDir);
    const huge = Buffer.alloc(200 * 1024 * 1024 + 1024);
    Buffer.from('ID3\x03\x00').copy(huge);
    const answer = await upload(`/api/admin/music/playlists/${morning.id}/songs`, huge, 'huge.mp3');
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(text.uploadTooLarge(200));
    expect(filesUnder(musicDir)).toEqual(before);
  }, 60_000);

  it.skipIf(backend.skipReason)('edits, orders, moves, covers and times songs in the folder, kept by a restart', async () => {
    const hills = await byName('山水');
    const [first, second, third] = await songsOf(hills.id);
    // Names: the sidecar wins over the tags, at once on the public answers.
    const edited = await done<ConsoleSongDto>('PUT', `/api/admin/music/songs/${first!.id}`, {
      title: '登鹳雀楼（新录）',
      artists: ['王之涣', '听雨'],
      album: '唐诗新唱',
      aliases: ['On the Stork Tower'],
    });
    expect(edited).toMatchObject({ title: '登鹳雀楼（新录）', artists: ['王之涣', '听雨'], album: '唐诗新唱', aliases: ['On the Stork Tower'] });
    const detail = (await site.app.inject(`/wapi/song/detail?ids=${first!.id}`)).json() as { songs: SongDto[] };
    expect(detail.songs[0]).toMatchObject({ name: '登鹳雀楼（新录）', alia: ['On the Stork Tower'], al: { name: '唐诗新唱' } });
    expect(JSON.parse(fs.readFileSync(path.join(musicDir, '02 山水', 'songs.json'), 'utf8'))).toHaveProperty(['01 登鹳雀楼.mp3', 'title'], '登鹳雀楼（新录）');

    // Order: the last song first.
    const ordered = await done<ConsoleSongDto[]>('PUT', `/api/admin/music/playlists/${hills.id}/songs/order`, { ids: [third!.id, first!.id, second!.id] });
    expect(ordered.map((song) => song.id)).toEqual([third!.id, first!.id, second!.id]);
    expect((await publicTracks(hills.id)).map((song) => song.id)).toEqual([third!.id, first!.id, second!.id]);
    expect((await call('PUT', `/api/admin/music/playlists/${hills.id}/songs/order`, { ids: [first!.id, first!.id] })).body.message).toBe(text.orderRepeated);

    // A new playlist, renamed and described; a song moved into it with its lyrics.
    const created = await done<ConsolePlaylistDto>('POST', '/api/admin/music/playlists', { name: '新歌单', description: '' });
    expect(created).toMatchObject({ name: '新歌单', songCount: 0 });
    const renamed = await done<ConsolePlaylistDto>('PUT', `/api/admin/music/playlists/${created.id}`, { name: '雨夜', description: '下雨天听的歌。' });
    expect(renamed).toMatchObject({ id: created.id, name: '雨夜', description: '下雨天听的歌。' });
    const moved = await done<ConsoleSongDto>('PUT', `/api/admin/music/songs/${first!.id}/playlist`, { playlistId: created.id });
    expect(moved).toMatchObject({ id: first!.id, playlistId: created.id, title: '登鹳雀楼（新录）', hasLyric: true });
    expect(fs.readdirSync(path.join(musicDir, '雨夜')).sort()).toEqual(
      ['01 登鹳雀楼.lrc', '01 登鹳雀楼.mp3', '01 登鹳雀楼.t.lrc', '01 登鹳雀楼.yrc', 'description.txt', 'order.txt', 'songs.json'].sort(),
    );
    const toplist = ((await site.app.inject('/wapi/toplist/detail')).json() as { list: { id: number; name: string }[] }).list;
    expect(toplist.at(-1)).toMatchObject({ id: created.id, name: '雨夜' });

    // Playlists ordered: the new one first.
    const others = (await playlists()).filter((playlist) => playlist.id !== created.id && !playlist.loose).map((playlist) => playlist.id);
    await done('PUT', '/api/admin/music/playlists/order', { ids: [created.id, ...others] });
    const reordered = ((await site.app.inject('/wapi/toplist/detail')).json() as { list: { id: number }[] }).list;
    expect(reordered[0]!.id).toBe(created.id);

    // Covers: the playlist's cover.jpg, the song's own <song>.jpg.
    const cover = await upload<ConsolePlaylistDto>(`/api/admin/music/playlists/${created.id}/cover`, await squareImage('#aa3355'), 'c.png');
    expect(cover.body.code).toBe(0);
    expect(fs.existsSync(path.join(musicDir, '雨夜', 'cover.jpg'))).toBe(true);
    const songCover = await upload<ConsoleSongDto>(`/api/admin/music/songs/${second!.id}/cover`, await squareImage('#33aa55'), 's.png');
    expect(songCover.body.result.coverUrl).not.toBe(second!.coverUrl);
    const picture = await site.app.inject(`${songCover.body.result.coverUrl}?param=300y300`);
    expect(picture.statusCode).toBe(200);

    // Lyrics with an offset: the .lrc carries [offset:], and /lyric answers it.
    const lrc = '[00:01.00]白日依山尽\n[00:03.00]黄河入海流\n';
    await done('PUT', `/api/admin/music/songs/${third!.id}/lyrics`, { lrc, translation: '', yrc: '', offsetMs: 250 });
    const lyric = (await site.app.inject(`/wapi/lyric?id=${third!.id}`)).json() as { lrc?: { lyric: string }; yrc?: unknown; tlyric?: unknown };
    expect(lyric.lrc?.lyric).toContain('[offset:250]');
    expect(lyric.yrc).toBeUndefined();
    const read = await done<SongLyricsDto>('GET', `/api/admin/music/songs/${third!.id}/lyrics`);
    expect(read).toMatchObject({ offsetMs: 250, yrc: '' });
    expect(read.lrc.trimEnd()).toBe(lrc.trimEnd());

    // Delete: the file and its sidecars go; a playlist with songs is not deleted.
    const refused = await call('DELETE', `/api/admin/music/playlists/${created.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(text.playlistNotEmpty(1));
    await done('DELETE', `/api/admin/music/songs/${second!.id}`);
    expect(fs.readdirSync(path.join(musicDir, '02 山水')).filter((name) => name.startsWith('02 望庐山瀑布'))).toEqual([]);
    expect((await publicTracks(hills.id)).map((song) => song.id)).toEqual([third!.id]);

    // A new server over the same folder and database: every edit, id and order is still there.
    const before = { playlists: await playlists(), hills: await songsOf(hills.id), rain: await songsOf(created.id) };
    await site.close();
    await start();
    await site.server.music!.rescan();
    expect(await playlists()).toEqual(before.playlists);
    expect(await songsOf(hills.id)).toEqual(before.hills);
    expect(await songsOf(created.id)).toEqual(before.rain);
  }, 60_000);

  it.skipIf(backend.skipReason)('replaces a song cover, a picture that is not one leaving the old cover in place', async () => {
    const [song] = await songsOf((await byName('清晨')).id);
    const cover = path.join(musicDir, '01 清晨', song!.fileName.replace(/\.[^.]+$/, '.jpg'));
    const first = await upload<ConsoleSongDto>(`/api/admin/music/songs/${song!.id}/cover`, await squareImage('#3355aa'), 'a.png');
    const firstBytes = fs.readFileSync(cover);
    const second = await upload<ConsoleSongDto>(`/api/admin/music/songs/${song!.id}/cover`, await squareImage('#aa5533'), 'b.png');
    expect(second.body.result.coverUrl).not.toBe(first.body.result.coverUrl);
    expect(fs.readFileSync(cover).equals(firstBytes)).toBe(false);
    const secondBytes = fs.readFileSync(cover);
    const refused = await upload(`/api/admin/music/songs/${song!.id}/cover`, Buffer.from('不是图片'), 'c.png');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(accountMessages.uploadNotImage);
    expect(fs.readFileSync(cover).equals(secondBytes)).toBe(true);
    expect((await site.app.inject(`${second.body.result.coverUrl}?param=140y140`)).statusCode).toBe(200);
  });

  it.skipIf(backend.skipReason)('saves lyrics, translation and word timing through the route, and clears them', async () => {
    const [song] = await songsOf((await byName('清晨')).id);
    const base = path.join(musicDir, '01 清晨', song!.fileName.replace(/\.[^.]+$/, ''));
    const lrc = '[00:01.00]窗前雨\n[00:03.00]檐下风\n';
    const translation = '[00:01.00]Rain at the window\n';
    const yrc = '[1000,2000](1000,1000,0)窗前(2000,1000,0)雨\n';
    const saved = await done<ConsoleSongDto>('PUT', `/api/admin/music/songs/${song!.id}/lyrics`, { lrc, translation, yrc, offsetMs: -400 });
    expect(saved.hasLyric).toBe(true);
    expect(fs.readFileSync(`${base}.lrc`, 'utf8')).toContain('[offset:-400]');
    expect(fs.readFileSync(`${base}.t.lrc`, 'utf8')).toBe(translation);
    const lyric = (await site.app.inject(`/wapi/lyric?id=${song!.id}`)).json() as { lrc?: { lyric: string }; tlyric?: { lyric: string }; yrc?: { lyric: string } };
    expect(lyric.tlyric?.lyric.trimEnd()).toBe(translation.trimEnd());
    expect(lyric.yrc?.lyric.trimEnd()).toBe(yrc.trimEnd());
    expect(await done<SongLyricsDto>('GET', `/api/admin/music/songs/${song!.id}/lyrics`)).toEqual({ lrc, translation, yrc, offsetMs: -400 });

    // Out of range or too long: refused in Chinese, the files as they were.
    const outOfRange = await call('PUT', `/api/admin/music/songs/${song!.id}/lyrics`, { lrc, translation: '', yrc: '', offsetMs: MUSIC_LIMITS.offsetMs + 1 });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toBe(text.offsetRange(MUSIC_LIMITS.offsetMs));
    const tooLong = await call('PUT', `/api/admin/music/songs/${song!.id}/lyrics`, { lrc: '词'.repeat(MUSIC_LIMITS.lyric + 1), translation: '', yrc: '', offsetMs: 0 });
    expect(tooLong.status).toBe(400);
    expect(fs.readFileSync(`${base}.t.lrc`, 'utf8')).toBe(translation);

    // Empty texts remove their files.
    const cleared = await done<ConsoleSongDto>('PUT', `/api/admin/music/songs/${song!.id}/lyrics`, { lrc: '', translation: '', yrc: '  ', offsetMs: 0 });
    expect(cleared.hasLyric).toBe(false);
    expect(['.lrc', '.t.lrc', '.yrc'].filter((suffix) => fs.existsSync(`${base}${suffix}`))).toEqual([]);
  });

  it.skipIf(backend.skipReason)('keeps names inside the music folder and deletes only empty playlists', async () => {
    const sneaky = await done<ConsolePlaylistDto>('POST', '/api/admin/music/playlists', { name: '../../逃出去', description: '' });
    expect(fs.readdirSync(path.dirname(musicDir)).filter((name) => name.includes('逃出去'))).toEqual([]);
    expect(fs.readdirSync(path.resolve(musicDir, '../..')).filter((name) => name.includes('逃出去'))).toEqual([]);
    const folders = fs.readdirSync(musicDir).filter((name) => name.includes('逃出去'));
    expect(folders).toEqual(['_.._逃出去']);
    expect((await call('POST', '/api/admin/music/playlists', { name: '   ', description: '' })).status).toBe(400);
    expect((await call('GET', '/api/admin/music/playlists/abc/songs')).status).toBe(400);
    expect((await call('GET', '/api/admin/music/playlists/99999/songs')).status).toBe(404);
    await done('DELETE', `/api/admin/music/playlists/${sneaky.id}`);
    expect(fs.readdirSync(musicDir).filter((name) => name.includes('逃出去'))).toEqual([]);
    expect((await playlists()).some((playlist) => playlist.id === sneaky.id)).toBe(false);
  });

  it.skipIf(backend.skipReason)('with MUSIC_UPSTREAM answers the library as read-only and offers no change', async () => {
    await site.close();
    site = await startSite({ ...data, config: { ...data.config, musicUpstream: 'http://127.0.0.1:9' } });
    expect(await done<MusicLibraryDto>('GET', '/api/admin/music/playlists')).toEqual({ local: false, maxUploadBytes: 0, playlists: [] });
    const before = filesUnder(musicDir);
    for (const [method, url] of [
      ['POST', '/api/admin/music/playlists'],
      ['PUT', '/api/admin/music/songs/1/lyrics'],
      ['DELETE', '/api/admin/music/songs/1'],
      ['POST', '/api/admin/music/playlists/1/songs'],
    ] as const) {
      expect((await call(method, url, { name: '外来', description: '' })).status, `${method} ${url}`).toBe(404);
    }
    expect(filesUnder(musicDir)).toEqual(before);
  });
});
