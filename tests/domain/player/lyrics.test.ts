import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LyricLine, LyricWord } from '../../../src/domain/player/music';
import {
  activeLineIndex,
  activeWordIndex,
  buildLyrics,
  makeTrack,
  parseLrc,
  parseYrc,
  printLrc,
  wordProgress,
} from '../../../src/domain/player/lyrics';

describe('parseLrc', () => {
  it('reads [mm:ss], [mm:ss.xx] as centiseconds and [mm:ss.xxx] as ms', () => {
    expect(parseLrc('[01:02]甲\n[00:01.50]乙\n[00:01.505]丙\n[00:03.5]丁')).toEqual([
      { time: 1500, text: '乙' },
      { time: 1505, text: '丙' },
      { time: 3500, text: '丁' },
      { time: 62_000, text: '甲' },
    ]);
  });

  it('gives one line per stamp when several stamps share a line', () => {
    expect(parseLrc('[00:10.00][00:02.00]副歌').map((line) => line.time)).toEqual([2000, 10_000]);
  });

  it('applies [offset:] (positive shows lyrics earlier) and never goes below 0', () => {
    expect(parseLrc('[offset:+500]\n[00:02.00]甲\n[00:00.20]乙')).toEqual([
      { time: 0, text: '乙' },
      { time: 1500, text: '甲' },
    ]);
    expect(parseLrc('[offset:-250]\n[00:01.00]甲')[0]!.time).toBe(1250);
  });

  it('ignores metadata tags and skips lines without a time or without text', () => {
    const source = '[ti:晴天]\n[ar:周杰伦]\n[by:]\n没有时间的行\n[00:01.00]\n[00:02.00]   \n[00:03.00]有\r\n';
    expect(parseLrc(source)).toEqual([{ time: 3000, text: '有' }]);
  });

  it('keeps file order for equal times', () => {
    expect(parseLrc('[00:01.00]一\n[00:01.00]二').map((line) => line.text)).toEqual(['一', '二']);
  });

  it('reads enhanced LRC word stamps', () => {
    const [line] = parseLrc('[00:01.00]<00:01.00>故<00:01.50>事<00:02.20>的<00:03.00>\n[00:05.00]下一句');
    expect(line!.text).toBe('故事的');
    expect(line!.words).toEqual([
      { start: 1000, duration: 500, text: '故' },
      { start: 1500, duration: 700, text: '事' },
      { start: 2200, duration: 800, text: '的' },
    ]);
  });

  it('times text before the first word stamp from the line stamp, and the last word up to the next line', () => {
    const lines = parseLrc('[00:01.00]前<00:01.40>后\n[00:02.00]下');
    expect(lines[0]!.words).toEqual([
      { start: 1000, duration: 400, text: '前' },
      { start: 1400, duration: 600, text: '后' },
    ]);
  });
});

describe('parseYrc', () => {
  it('reads [lineStart,lineDur](wordStart,wordDur,0)word and skips the JSON credit lines', () => {
    const source = [
      '{"t":0,"c":[{"tx":"作词: "},{"tx":"某人"}]}',
      '[16210,3460](16210,670,0)还(16880,410,0)没(17290,620,0)好 (17910,0,0)',
      '[20000,1000]',
    ].join('\n');
    expect(parseYrc(source)).toEqual([
      {
        time: 16210,
        text: '还没好',
        words: [
          { start: 16210, duration: 670, text: '还' },
          { start: 16880, duration: 410, text: '没' },
          { start: 17290, duration: 620, text: '好 ' },
        ],
      },
    ]);
  });
});

describe('buildLyrics', () => {
  it('pairs translations by time and prefers YRC lines when present', () => {
    const lrc = '[00:01.00]Hello\n[00:04.00]World';
    const tlyric = '[00:01.00]你好\n[00:04.00]世界';
    expect(buildLyrics({ lrc, tlyric, yrc: '' })).toEqual([
      { time: 1000, text: 'Hello', translation: '你好' },
      { time: 4000, text: 'World', translation: '世界' },
    ]);
    const yrc = '[1010,2000](1010,500,0)Hel(1510,500,0)lo\n[4000,1000](4000,1000,0)World';
    const lines = buildLyrics({ lrc, tlyric, yrc });
    expect(lines.map((line) => [line.time, line.text, line.translation])).toEqual([
      [1010, 'Hello', '你好'],
      [4000, 'World', '世界'],
    ]);
    expect(lines[0]!.words).toHaveLength(2);
  });

  it('leaves a line without a translation within reach untranslated', () => {
    const lines = buildLyrics({ lrc: '[00:01.00]a\n[00:09.00]b', tlyric: '[00:05.00]中', yrc: '' });
    expect(lines.every((line) => line.translation === undefined)).toBe(true);
  });

  it('builds the spec Current track lists', () => {
    const track = makeTrack(7, 'u', { lrc: '[00:02.00]乙\n[00:01.00]甲', tlyric: '', yrc: '' });
    expect(track).toMatchObject({ id: 7, url: 'u', lyricList: ['甲', '乙'], lyricTimeList: [1000, 2000] });
  });
});

const textArb = fc
  .string({ unit: fc.constantFrom('雨', '晴', 'a', 'b', ' ', '!', '，'), minLength: 1, maxLength: 8 })
  .filter((text) => text.trim() === text && text !== '');
const wordText = fc.string({ unit: fc.constantFrom('雨', '晴', 'a', 'b', '!'), minLength: 1, maxLength: 3 });

const lineArb: fc.Arbitrary<LyricLine> = fc.oneof(
  fc.record({ time: fc.integer({ min: 0, max: 5_999_999 }), text: textArb }),
  fc
    .record({
      time: fc.integer({ min: 0, max: 5_000_000 }),
      words: fc.array(fc.record({ duration: fc.integer({ min: 1, max: 2000 }), text: wordText }), { minLength: 1, maxLength: 5 }),
    })
    .map(({ time, words }) => {
      let start = time;
      const timed: LyricWord[] = words.map((word) => {
        const out = { start, duration: word.duration, text: word.text };
        start += word.duration;
        return out;
      });
      return { time, text: timed.map((word) => word.text).join(''), words: timed };
    }),
);

describe('LRC print → parse', () => {
  it('gives back the same lines', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (raw) => {
        const lines = [...raw].sort((a, b) => a.time - b.time);
        expect(parseLrc(printLrc(lines))).toEqual(lines);
      }),
      { numRuns: 300 },
    );
  });
});

function linearLine(times: readonly number[], time: number): number {
  let found = -1;
  times.forEach((t, i) => {
    if (t <= time) found = i;
  });
  return found;
}

describe('active line and word', () => {
  it('equal a linear scan for all sorted times and all instants', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 40 }).map((times) => times.sort((a, b) => a - b)),
        fc.integer({ min: -10, max: 110_000 }),
        (times, time) => {
          expect(activeLineIndex(times, time)).toBe(linearLine(times, time));
          const words = times.map((start) => ({ start, duration: 10, text: 'x' }));
          expect(activeWordIndex(words, time)).toBe(linearLine(times, time));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('fills a word from 0 to 1 over its duration', () => {
    const word = { start: 1000, duration: 400, text: '雨' };
    expect([wordProgress(word, 900), wordProgress(word, 1100), wordProgress(word, 1400), wordProgress({ ...word, duration: 0 }, 1000)]).toEqual([
      0, 0.25, 1, 0,
    ]);
  });
});
