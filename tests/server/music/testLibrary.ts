import fs from 'node:fs';
import path from 'node:path';
import { Mp3Encoder } from '@breezystack/lamejs';
import NodeID3 from 'node-id3';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { loadConfig } from '../../../server/config';
import { createServer } from '../../../server/main';
import { temporaryFolder, writeFakeClient } from '../support/siteServer';

const SAMPLE_RATE = 22_050;

/** A short MP3 of a sine tone; the frequency makes files of the same length differ in content. */
export function toneMp3(seconds: number, frequency: number): Buffer {
  const samples = new Int16Array(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < samples.length; i += 1) samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * 8000);
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, 64);
  return Buffer.concat([Buffer.from(encoder.encodeBuffer(samples)), Buffer.from(encoder.flush())]);
}

/** A 16-bit mono PCM WAV file: a format without ID3 tags, named from its file. */
export function toneWav(seconds: number, frequency: number): Buffer {
  return tonesWav([{ seconds, frequency }]);
}

/** A WAV of tones one after another: an album ripped as one file, each tone a track. */
export function tonesWav(tones: readonly { seconds: number; frequency: number }[]): Buffer {
  const samples = tones.flatMap(({ seconds, frequency }) =>
    Array.from({ length: Math.round(seconds * SAMPLE_RATE) }, (_, i) => Math.round(Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE) * 8000)),
  );
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => data.writeInt16LE(sample, i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export function tagged(audio: Buffer, tags: NodeID3.Tags): Buffer {
  const result = NodeID3.write(tags, audio);
  if (!(result instanceof Buffer)) throw new Error('could not tag the test file');
  return result;
}

export async function squareImage(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: colour } }).png().toBuffer();
}

export const LYRIC = `[ti:静夜思]\n[ar:李白]\n[00:01.00]床前明月光\n[00:02.50]疑是地上霜\n[00:04]举头望明月\n`;
export const TRANSLATION = `[00:01.00]Before my bed, the bright moonlight\n[00:02.50]Seems frost upon the ground\n`;
export const ENHANCED = `[00:00.50]<00:00.50>春<00:01.00>眠<00:01.50>不<00:02.00>觉<00:02.40>晓<00:03.00>\n`;

/**
 * A music folder as a blogger keeps one: two playlist folders (one with a cover and a description), tagged and
 * untagged files, lyrics of three kinds, a broken file, and a loose file at the top level.
 */
export async function buildTestLibrary(root: string): Promise<void> {
  const mountain = path.join(root, '01 山居');
  const night = path.join(root, '02 夜曲');
  fs.mkdirSync(mountain, { recursive: true });
  fs.mkdirSync(night, { recursive: true });
  fs.writeFileSync(path.join(mountain, 'cover.png'), await squareImage('#3a7bd5'));
  fs.writeFileSync(path.join(mountain, 'description.txt'), '山里的清晨与黄昏。\n');
  fs.writeFileSync(
    path.join(mountain, '01 静夜思.mp3'),
    tagged(toneMp3(2, 440), { title: '静夜思', artist: '李白/听雨', album: '唐诗', subtitle: 'Quiet Night Thoughts' }),
  );
  fs.writeFileSync(path.join(mountain, '01 静夜思.lrc'), LYRIC);
  fs.writeFileSync(path.join(mountain, '01 静夜思.t.lrc'), TRANSLATION);
  fs.writeFileSync(path.join(mountain, '02 重庆森林.mp3'), tagged(toneMp3(1.5, 523), { title: '重庆森林', artist: '单曲循环', album: '电影' }));
  fs.writeFileSync(path.join(mountain, '03 no tags here.mp3'), toneMp3(1, 330));
  fs.writeFileSync(path.join(mountain, '04 broken.mp3'), Buffer.from('this is not audio at all, just text pretending'));
  fs.writeFileSync(path.join(night, '春晓.wav'), toneWav(1.2, 392));
  fs.writeFileSync(path.join(night, '春晓.lrc'), ENHANCED);
  fs.writeFileSync(path.join(root, 'loose tune.mp3'), tagged(toneMp3(1, 660), { title: 'Loose Tune', artist: 'Nobody' }));
}

/** The CUE album's tracks: a tone each, its title and performer as the sheet gives them (the third has none). */
export const CUE_TRACKS = [
  { title: '晴天', performer: '周杰伦', seconds: 4, frequency: 440 },
  { title: '七里香', performer: '周杰伦', seconds: 5, frequency: 554 },
  { title: '后来', performer: undefined, seconds: 4, frequency: 659 },
] as const;
export const CUE_ALBUM = { title: '夏日合辑', performer: '群星' } as const;

/** The album's sheet as rippers write them: REM lines, pregaps (INDEX 00), CRLF line ends; track 2 titled `second`. */
export function cueSheetText(fileInSheet: string, second: string = CUE_TRACKS[1].title): string {
  return [
    'REM GENRE Pop',
    'REM DATE 2004',
    `PERFORMER "${CUE_ALBUM.performer}"`,
    `TITLE "${CUE_ALBUM.title}"`,
    `FILE "${fileInSheet}" WAVE`,
    '  TRACK 01 AUDIO',
    `    TITLE "${CUE_TRACKS[0].title}"`,
    `    PERFORMER "${CUE_TRACKS[0].performer}"`,
    '    INDEX 01 00:00:00',
    '  TRACK 02 AUDIO',
    `    TITLE "${second}"`,
    `    PERFORMER "${CUE_TRACKS[1].performer}"`,
    '    INDEX 00 00:03:65',
    '    INDEX 01 00:04:00',
    '  TRACK 03 AUDIO',
    `    TITLE "${CUE_TRACKS[2].title}"`,
    '    INDEX 00 00:08:65',
    '    INDEX 01 00:09:00',
    '',
  ].join('\r\n');
}

/** 七里香's lyric, found by its title. */
export const CUE_LYRIC = '[ti:七里香]\n[00:00.50]窗外的麻雀\n[00:02.50]在电线杆上多嘴\n';

/**
 * A CUE album in `folder`: one WAV of the three tones, its sheet saved in GBK naming the file as `fileInSheet`
 * (rippers often name a `.wav` that was later compressed, or change the case), and a lyric for 七里香 named
 * after its title.
 */
export function writeCueAlbum(folder: string, options: { audio?: string; sheet?: string; fileInSheet?: string } = {}): void {
  const { audio = 'CDImage.wav', sheet = 'CDImage.cue', fileInSheet = 'cdimage.flac' } = options;
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, audio), tonesWav(CUE_TRACKS));
  fs.writeFileSync(path.join(folder, sheet), iconv.encode(cueSheetText(fileInSheet), 'gbk'));
  // Saved in GBK like the sheet, as the lyric sites and older players wrote them.
  fs.writeFileSync(path.join(folder, '七里香.lrc'), iconv.encode(CUE_LYRIC, 'gbk'));
}

/** The real server over a temporary data folder whose music folder is the test library, scanned once. */
export async function startMusicServer(options: { dataDir?: string; musicDir?: string; upstream?: string } = {}) {
  const dataDir = options.dataDir ?? temporaryFolder('blog-music-data-');
  const musicDir = options.musicDir ?? path.join(dataDir, 'music');
  if (!options.musicDir && !options.upstream && !fs.existsSync(musicDir)) {
    fs.mkdirSync(musicDir, { recursive: true });
    await buildTestLibrary(musicDir);
  }
  const clientDir = writeFakeClient();
  const server = await createServer({
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }, dataDir),
    dataDir,
    clientDir,
    musicDir,
    musicUpstream: options.upstream,
  }, { announce: () => undefined });
  await server.music?.ready();
  return {
    app: server.app,
    library: server.music,
    dataDir,
    musicDir,
    async close() {
      await server.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
