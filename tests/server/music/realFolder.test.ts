import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SongDto } from '../../../src/protocol/music';
import { PROJECT_ROOT } from '../../../server/main';
import { temporaryFolder } from '../support/siteServer';
import { apeTag, id3v1, latin1Id3v2, toneFlac } from './tagFixtures';
import { startMusicServer, tagged, toneMp3 } from './testLibrary';

type Server = Awaited<ReturnType<typeof startMusicServer>>;

const gbk = (text: string) => iconv.encode(text, 'gbk');
const big5 = (text: string) => iconv.encode(text, 'big5');
const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const latin1 = (text: string) => Buffer.from(text, 'latin1');

const QILIXIANG = '[ti:七里香]\n[ar:周杰伦]\n[00:01.00]窗外的麻雀在电线杆上多嘴\n[00:03.00]你说这一句很有夏天的感觉\n';
const DAOXIANG = '[ti:稻香]\n[ar:周杰倫]\n[al:魔杰座]\n[00:01.00]對這個世界如果你有太多的抱怨\n';
const YIFUZHIMING = '[00:01.00]微凉的晨露沾湿黑礼服\n';

/** A folder shaped like a Chinese collection: legacy encodings, untagged files, embedded lyrics, formats no browser plays. */
function buildRealFolder(root: string): void {
  const folder = path.join(root, '01 华语');
  fs.mkdirSync(folder, { recursive: true });
  const put = (name: string, bytes: Buffer | string) => fs.writeFileSync(path.join(folder, name), bytes);
  put('description.txt', gbk('周杰伦的老歌，从旧电脑里拷来的。\n'));

  put('七里香.mp3', Buffer.concat([toneMp3(1, 440), id3v1({ title: gbk('七里香'), artist: gbk('周杰伦'), album: gbk('七里香') })]));
  put('七里香.LRC', gbk(QILIXIANG));
  put('七里香.T.LRC', gbk('[00:01.00]麻雀在窗外\n'));
  put('告白氣球.mp3', Buffer.concat([toneMp3(1, 466), id3v1({ title: big5('告白氣球'), artist: big5('周杰倫'), album: big5('床邊故事') })]));
  put('Hüsker.mp3', Buffer.concat([toneMp3(1, 494), id3v1({ title: latin1('Hüsker Dü'), artist: latin1('Motörhead'), album: latin1('Björk') })]));
  put('以父之名.mp3', Buffer.concat([latin1Id3v2({ TIT2: gbk('以父之名'), TPE1: gbk('周杰伦'), TALB: gbk('叶惠美') }), toneMp3(1, 523)]));
  put('以父之名.LRC', utf16(YIFUZHIMING));
  put('cafe.mp3', Buffer.concat([latin1Id3v2({ TIT2: latin1('Café Müller'), TPE1: latin1('Beyoncé'), TALB: latin1('Sigur Rós') }), toneMp3(1, 554)]));
  put('ape.mp3', Buffer.concat([toneMp3(1, 587), apeTag({ Title: gbk('东风破'), Artist: Buffer.from('周杰伦'), Album: gbk('叶惠美') })]));

  put('周杰伦 - 晴天.mp3', toneMp3(1, 622));
  put('01. 夜曲.mp3', toneMp3(1, 659));
  put('02 - 费玉清 - 千里之外.mp3', toneMp3(1, 698));
  put('track05.mp3', toneMp3(1, 740));
  put('track05.Lrc', big5(DAOXIANG));

  put('简单爱.mp3', tagged(toneMp3(1, 784), { title: '简单爱', artist: '周杰伦', unsynchronisedLyrics: { language: 'chi', text: '[00:01.00]说不上为什么\n[00:02.00]我变得很主动' } }));
  put(
    '开不了口.mp3',
    tagged(toneMp3(1, 831), {
      title: '开不了口',
      artist: '周杰伦',
      synchronisedLyrics: [
        { language: 'chi', timeStampFormat: 2, contentType: 1, synchronisedText: [{ text: '才离开没多久', timeStamp: 1000 }, { text: '就开始担心今天的你过得好不好', timeStamp: 2500 }] },
      ],
    }),
  );
  put('安静.mp3', tagged(toneMp3(1, 880), { title: '安静', artist: '周杰伦', unsynchronisedLyrics: { language: 'chi', text: '[00:01.00]内嵌的歌词' } }));
  put('安静.lrc', '[00:01.00]只剩下钢琴陪我弹了一天\n');
  put('龙卷风.flac', toneFlac(1, 932, [['TITLE', '龙卷风'], ['ARTIST', '周杰伦'], ['LYRICS', '[ti:龙卷风]\n[00:00.50]<00:00.50>爱<00:01.00>像\n']]));
  put('星晴.flac', toneFlac(1, 988, [['TITLE', '星晴'], ['ARTIST', '周杰伦'], ['UNSYNCEDLYRICS', '[00:00.80]乘着风游荡在蓝天边\n']]));

  put('不能说的秘密.ape', Buffer.from('MAC not really an APE file'));
  put('听妈妈的话.wma', Buffer.from('not really a WMA file'));
  put('外婆.dsf', Buffer.from('DSD not really'));
}

describe('a real Chinese music folder', () => {
  let server: Server;
  let songs: Map<string, SongDto>;
  const get = async (url: string) => server.app.inject({ method: 'GET', url });
  const lyricOf = async (name: string) => (await get(`/wapi/lyric?id=${songs.get(name)!.id}`)).json();
  const listSongs = async () => {
    const list = (await get('/wapi/toplist/detail')).json().list as { id: number }[];
    const tracks = (await get(`/wapi/playlist/track/all?id=${list[0]!.id}&limit=100&offset=0`)).json().songs as SongDto[];
    return new Map(tracks.map((song) => [song.name, song]));
  };
  const summary = (name: string) => {
    const song = songs.get(name);
    return song && { artists: song.ar.map((artist) => artist.name), album: song.al.name };
  };

  beforeAll(async () => {
    const dataDir = temporaryFolder('blog-music-real-');
    const musicDir = path.join(dataDir, 'music');
    buildRealFolder(musicDir);
    server = await startMusicServer({ dataDir, musicDir });
    songs = await listSongs();
  });
  afterAll(async () => server.close());

  it('reads a description saved in GBK', async () => {
    expect((await get('/wapi/toplist/detail')).json().list[0].description).toBe('周杰伦的老歌，从旧电脑里拷来的。');
  });

  it('reads GBK and Big5 bytes in ID3v1 and in ID3v2 Latin-1 frames, and keeps genuine Latin-1 tags', () => {
    expect(summary('七里香')).toEqual({ artists: ['周杰伦'], album: '七里香' });
    expect(summary('告白氣球')).toEqual({ artists: ['周杰倫'], album: '床邊故事' });
    expect(summary('以父之名')).toEqual({ artists: ['周杰伦'], album: '叶惠美' });
    expect(summary('Hüsker Dü')).toEqual({ artists: ['Motörhead'], album: 'Björk' });
    expect(summary('Café Müller')).toEqual({ artists: ['Beyoncé'], album: 'Sigur Rós' });
  });

  it('reads GBK in an APEv2 tag', () => {
    expect(summary('东风破')).toEqual({ artists: ['周杰伦'], album: '叶惠美' });
  });

  it('names untagged files from their file names and their lyric headers', () => {
    expect(summary('晴天')).toEqual({ artists: ['周杰伦'], album: '华语' });
    expect(summary('夜曲')).toEqual({ artists: ['歌手走丢了'], album: '华语' });
    expect(summary('千里之外')).toEqual({ artists: ['费玉清'], album: '华语' });
    expect(summary('稻香')).toEqual({ artists: ['周杰倫'], album: '魔杰座' });
    expect([...songs.keys()].some((name) => /[\u0080-\u00ff]{2}/u.test(name) && name !== 'Hüsker Dü' && name !== 'Café Müller')).toBe(false);
  });

  it('serves GBK, Big5 and UTF-16 lyric files with any case of extension as clean UTF-8', async () => {
    const qilixiang = await lyricOf('七里香');
    expect(qilixiang.lrc.lyric).toBe(QILIXIANG);
    expect(qilixiang.tlyric.lyric).toBe('[00:01.00]麻雀在窗外\n');
    expect((await lyricOf('稻香')).lrc.lyric).toBe(DAOXIANG);
    const yifu = await lyricOf('以父之名');
    expect(yifu.lrc.lyric).toBe(YIFUZHIMING);
    expect(yifu.lrc.lyric.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('serves lyrics embedded as USLT, SYLT and Vorbis comments when no lyric file is beside the song', async () => {
    expect((await lyricOf('简单爱')).lrc.lyric).toBe('[00:01.00]说不上为什么\n[00:02.00]我变得很主动');
    expect((await lyricOf('开不了口')).lrc.lyric).toBe('[00:01.000]才离开没多久\n[00:02.500]就开始担心今天的你过得好不好');
    const tornado = await lyricOf('龙卷风');
    expect(tornado.lrc.lyric).toBe('[ti:龙卷风]\n[00:00.50]爱像\n');
    expect(tornado.yrc.lyric).toBe('[500,1500](500,500,0)爱(1000,1000,0)像');
    expect((await lyricOf('星晴')).lrc.lyric).toBe('[00:00.80]乘着风游荡在蓝天边\n');
    expect((await lyricOf('安静')).lrc.lyric).toBe('[00:01.00]只剩下钢琴陪我弹了一天\n');
  });

  it('lists the files no browser plays as skipped, with the format, and leaves them out of the catalogue', async () => {
    const report = await server.library!.rescan();
    expect(report.skipped).toEqual([
      { file: '01 华语/不能说的秘密.ape', reason: expect.stringContaining('APE') },
      { file: '01 华语/听妈妈的话.wma', reason: expect.stringContaining('WMA') },
      { file: '01 华语/外婆.dsf', reason: expect.stringContaining('DSD') },
    ]);
    expect(report.skipped[0]!.reason).toMatch(/[\u4e00-\u9fff]/u);
    expect(songs.size).toBe(15);
    expect(report.songs).toBe(15);
  });

  it('names a song again when a lyric file appears beside it, and lets a tag added later win', async () => {
    const folder = path.join(server.musicDir, '01 华语');
    fs.writeFileSync(path.join(folder, '01. 夜曲.LRC'), gbk('[ar:周杰伦]\n[al:十一月的萧邦]\n[00:01.00]一群嗜血的蚂蚁\n'));
    await server.library!.rescan();
    songs = await listSongs();
    expect(summary('夜曲')).toEqual({ artists: ['周杰伦'], album: '十一月的萧邦' });

    const sunny = songs.get('晴天')!.id;
    fs.writeFileSync(path.join(folder, '周杰伦 - 晴天.mp3'), tagged(toneMp3(1, 622), { title: '晴天（现场）', artist: '周杰伦', album: '地表最强' }));
    await server.library!.rescan();
    songs = await listSongs();
    expect(songs.get('晴天（现场）')).toMatchObject({ id: sunny, al: { name: '地表最强' } });
  });
});

describe('npm run music:scan', { timeout: 60_000 }, () => {
  it('names the files it skipped and why, in Chinese', async () => {
    const dataDir = temporaryFolder('blog-music-scan-');
    const musicDir = path.join(dataDir, 'music');
    fs.mkdirSync(path.join(musicDir, '专辑'), { recursive: true });
    fs.writeFileSync(path.join(musicDir, '专辑', '晴天.mp3'), toneMp3(1, 440));
    fs.writeFileSync(path.join(musicDir, '专辑', '晴天.ape'), Buffer.from('MAC not really'));
    const run = promisify(execFile);
    const failure = await run(path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'), [path.join(PROJECT_ROOT, 'server', 'cli', 'musicScan.ts')], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, MUSIC_DIR: musicDir, DATABASE_URL: '' },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    const { stdout, stderr } = failure as { stdout: string; stderr: string };
    expect(stderr).toContain('专辑/晴天.ape');
    expect(stderr).toMatch(/浏览器无法播放 .*APE/u);
    expect(stdout).toContain('1 首歌曲');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
