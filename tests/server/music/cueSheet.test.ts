import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cueLyricName,
  cueSong,
  cueSpans,
  framesToMs,
  framesToMsf,
  msfToFrames,
  parseCueSheet,
  printCueSheet,
  resolveCueFile,
  type CueSheet,
} from '../../../server/domain/music/cueSheet';
import * as zhCN from '../../../src/i18n/zh-CN';

/** Up to ten hours of CD frames. */
const frames = fc.integer({ min: 0, max: 10 * 3600 * 75 });
/** Text a sheet can hold on one line. */
const line = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }).filter((text) => !/[\r\n]/.test(text));

const sheets: fc.Arbitrary<CueSheet> = fc
  .record(
    {
      title: line,
      performer: line,
      tracks: fc.uniqueArray(
        fc.record(
          { number: fc.integer({ min: 1, max: 99 }), file: line, title: line, performer: line, start: frames },
          { requiredKeys: ['number', 'file', 'start'] },
        ),
        { selector: (track) => track.number, maxLength: 8 },
      ),
    },
    { requiredKeys: ['tracks'] },
  );

describe('CUE sheet times (mm:ss:ff, 75 frames a second)', () => {
  it('prints any frame count as mm:ss:ff and reads it back', () => {
    fc.assert(fc.property(frames, (count) => msfToFrames(framesToMsf(count)) === count));
  });

  it('gives the millisecond within half a frame, and keeps distinct frames apart and in order', () => {
    fc.assert(
      fc.property(frames, frames, (a, b) => {
        expect(Math.abs(framesToMs(a) - (a * 1000) / 75)).toBeLessThanOrEqual(0.5);
        if (a < b) expect(framesToMs(a)).toBeLessThan(framesToMs(b));
      }),
    );
  });

  it('reads minutes past 99 and refuses seconds past 59 or frames past 74', () => {
    expect(msfToFrames('00:04:00')).toBe(300);
    expect(msfToFrames('123:00:74')).toBe(123 * 60 * 75 + 74);
    expect(msfToFrames('00:60:00')).toBeUndefined();
    expect(msfToFrames('00:00:75')).toBeUndefined();
    expect(msfToFrames('4.5')).toBeUndefined();
  });
});

describe('parsing a CUE sheet', () => {
  it('reads back what it prints, for any titles, performers, files and starts', () => {
    fc.assert(
      fc.property(sheets, (sheet) => {
        expect(parseCueSheet(printCueSheet(sheet))).toEqual(sheet);
      }),
    );
  });

  it('reads sheets as rippers write them: REM lines, pregaps, bare values, lower case, CR line ends, a title after INDEX', () => {
    const text = [
      'REM GENRE "Pop"',
      'performer 群星',
      'TITLE "夏日 "合辑""',
      'FILE "C:\\Rips\\CDImage.wav" WAVE',
      '  TRACK 01 AUDIO',
      '    INDEX 01 00:00:00',
      '    TITLE 晴天',
      '  TRACK 02 AUDIO',
      '    FLAGS DCP',
      '    INDEX 00 00:03:65',
      '    INDEX 01 00:04:00',
      '  TRACK 03 AUDIO',
      '    TITLE "no index: left out"',
    ].join('\r');
    expect(parseCueSheet(text)).toEqual({
      performer: '群星',
      title: '夏日 "合辑"',
      tracks: [
        { number: 1, file: 'C:\\Rips\\CDImage.wav', start: 0, title: '晴天' },
        { number: 2, file: 'C:\\Rips\\CDImage.wav', start: 300 },
      ],
    });
  });

  it('spans each track from its INDEX 01 to the next one in the same file; the last of a file runs to its end', () => {
    const sheet = parseCueSheet(
      ['FILE "a.wav" WAVE', 'TRACK 01 AUDIO', 'INDEX 01 00:00:00', 'TRACK 02 AUDIO', 'INDEX 01 01:00:30', 'FILE "b.wav" WAVE', 'TRACK 03 AUDIO', 'INDEX 01 00:00:00'].join('\n'),
    );
    expect(cueSpans(sheet).map(({ number, file, startMs, endMs }) => ({ number, file, startMs, endMs }))).toEqual([
      { number: 1, file: 'a.wav', startMs: 0, endMs: 60_400 },
      { number: 2, file: 'a.wav', startMs: 60_400, endMs: null },
      { number: 3, file: 'b.wav', startMs: 0, endMs: null },
    ]);
  });

  it('leaves out a track that ends where it starts or before (a broken sheet)', () => {
    const sheet = parseCueSheet(['FILE "a.wav" WAVE', 'TRACK 01 AUDIO', 'INDEX 01 00:05:00', 'TRACK 02 AUDIO', 'INDEX 01 00:05:00'].join('\n'));
    expect(cueSpans(sheet).map((span) => span.number)).toEqual([2]);
  });
});

describe('the file a sheet names', () => {
  const folder = ['01 序曲.flac', 'CDImage.flac', 'CDImage.log', 'cover.jpg', 'Live.WAV'];

  it('is found in any case, and under another audio extension (a .wav compressed to .flac later)', () => {
    expect(resolveCueFile('live.wav', folder)).toBe('Live.WAV');
    expect(resolveCueFile('CDImage.wav', folder)).toBe('CDImage.flac');
    expect(resolveCueFile('C:\\rips\\cdimage.ape', folder)).toBe('CDImage.flac');
  });

  it('is not a file of another kind with the same name, nor one that is not there', () => {
    expect(resolveCueFile('cover.wav', folder)).toBeUndefined();
    expect(resolveCueFile('missing.wav', folder)).toBeUndefined();
  });
});

describe('a CUE track as a song', () => {
  const whole = { title: 'CDImage', artists: ['某歌手'], album: '某专辑', durationMs: 13_000, guessed: { title: 'path' as const, album: 'path' as const } };
  const [first, second, third] = cueSpans(
    parseCueSheet(
      ['PERFORMER "群星"', 'TITLE "夏日合辑"', 'FILE "a.wav" WAVE', 'TRACK 01 AUDIO', 'PERFORMER "周杰伦/费玉清"', 'INDEX 01 00:00:00', 'TRACK 02 AUDIO', 'TITLE "七里香"', 'INDEX 01 00:04:00', 'TRACK 03 AUDIO', 'INDEX 01 00:20:00'].join('\n'),
    ),
  );
  const sheet = parseCueSheet('PERFORMER "群星"\nTITLE "夏日合辑"');

  it('takes the track performer, else the album performer; the sheet title is the album; names from the sheet are no guesses', () => {
    expect(cueSong(sheet, first!, whole)).toEqual({
      title: zhCN.musicServer.cueTrack(1),
      artists: ['周杰伦', '费玉清'],
      album: '夏日合辑',
      aliases: [],
      durationMs: 4000,
      guessed: {},
      cue: { number: 1, startMs: 0, endMs: 4000 },
    });
    expect(cueSong(sheet, second!, whole)).toMatchObject({ title: '七里香', artists: ['群星'], durationMs: 9000 });
  });

  it('falls back to the tags where the sheet is silent, keeping them marked as guesses', () => {
    expect(cueSong({ tracks: [] }, second!, whole)).toMatchObject({ artists: ['某歌手'], album: '某专辑', guessed: { album: 'path' } });
  });

  it('is no song when it starts past the end of the file, and ends with the file when the sheet says later', () => {
    expect(cueSong(sheet, third!, whole)).toBeUndefined();
    expect(cueSong(sheet, second!, { ...whole, durationMs: 7000 })).toMatchObject({ durationMs: 3000, cue: { startMs: 4000, endMs: null } });
  });

  it('finds its lyric by its title, with the characters a file name cannot hold replaced', () => {
    expect(cueLyricName('七里香')).toBe('七里香');
    expect(cueLyricName('AC/DC: "Live"?')).toBe('AC_DC_ _Live__');
    expect(cueLyricName('..')).toBe('..');
  });
});
