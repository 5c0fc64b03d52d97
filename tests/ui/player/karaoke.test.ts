import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LyricLine } from '../../../src/domain/player/music';
import {
  centredScrollTop,
  fillValue,
  fillWords,
  LAST_LINE_SWEEP_MS,
  lineEndMs,
  lineFillAt,
  LYRIC_SCROLL_OFFSET_PX,
  manualScrollHolds,
  MANUAL_SCROLL_PAUSE_MS,
  steppedFill,
  sweepSegments,
} from '../../../src/ui/features/player/board/karaoke';

const timed: LyricLine = {
  time: 1000,
  text: '春眠不觉晓',
  words: [
    { start: 1000, duration: 500, text: '春' },
    { start: 1500, duration: 500, text: '眠' },
    { start: 2000, duration: 1000, text: '不觉晓' },
  ],
};

describe('karaoke fill', () => {
  it('fills the words before the sung one, part of the sung one and none after', () => {
    expect(lineFillAt(timed.words!, 900)).toEqual({ wordIndex: -1, fills: [0, 0, 0] });
    expect(lineFillAt(timed.words!, 1250)).toEqual({ wordIndex: 0, fills: [0.5, 0, 0] });
    expect(lineFillAt(timed.words!, 2250)).toEqual({ wordIndex: 2, fills: [1, 1, 0.25] });
    expect(lineFillAt(timed.words!, 9000)).toEqual({ wordIndex: 2, fills: [1, 1, 1] });
  });

  it('keeps word times where the line has them', () => {
    expect(fillWords([timed], 0)).toBe(timed.words);
  });

  it('sweeps an untimed line from its start to the next line, CJK by character, other text by word', () => {
    const lines: LyricLine[] = [
      { time: 0, text: '夜来 rain falls' },
      { time: 3000, text: '花落' },
    ];
    expect(sweepSegments(lines[0]!.text)).toEqual(['夜', '来', ' ', 'rain ', 'falls']);
    const words = fillWords(lines, 0);
    expect(words.map((w) => w.text).join('')).toBe(lines[0]!.text);
    expect(words[0]!.start).toBe(0);
    const last = words.at(-1)!;
    expect(last.start + last.duration).toBeCloseTo(3000);
    // At the middle of the line, half the characters are filled.
    const middle = lineFillAt(words, 1500);
    const filledChars = middle.fills.reduce((sum, fill, i) => sum + fill * words[i]!.text.length, 0);
    expect(filledChars).toBeCloseTo(lines[0]!.text.length / 2);
  });

  it('ends the last line after a fixed sweep, or at the song end if that comes first', () => {
    const lines: LyricLine[] = [{ time: 10_000, text: '尾声' }];
    expect(lineEndMs(lines, 0)).toBe(10_000 + LAST_LINE_SWEEP_MS);
    expect(lineEndMs(lines, 0, 12_000)).toBe(12_000);
  });

  it('sweep fills only grow with time and stay within 0–1', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 0, max: 25_000 }), fc.integer({ min: 0, max: 25_000 }), (text, gap, a, b) => {
        fc.pre(text.trim() !== '');
        const words = fillWords([{ time: 0, text }, { time: gap, text: '下一句' }], 0);
        const [early, late] = a <= b ? [a, b] : [b, a];
        const x = lineFillAt(words, early).fills;
        const y = lineFillAt(words, late).fills;
        x.forEach((fill, i) => {
          expect(fill).toBeGreaterThanOrEqual(0);
          expect(y[i]!).toBeLessThanOrEqual(1);
          expect(y[i]!).toBeGreaterThanOrEqual(fill);
        });
      }),
    );
  });

  it('writes fills as short, clamped strings', () => {
    expect(fillValue(0.123456)).toBe('0.1235');
    expect(fillValue(-1)).toBe('0');
    expect(fillValue(2)).toBe('1');
    expect(fillValue(Number.NaN)).toBe('0');
  });
});

describe('karaoke without the sweep (prefers-reduced-motion)', () => {
  it('lights every word up to the sung one whole and none after, whatever the clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), (clockMs) => {
        const fill = lineFillAt(timed.words!, clockMs);
        const stepped = steppedFill(fill);
        expect(stepped.wordIndex).toBe(fill.wordIndex);
        expect(stepped.fills).toEqual(fill.fills.map((_, i) => (i <= fill.wordIndex ? 1 : 0)));
      }),
    );
    expect(steppedFill(lineFillAt(timed.words!, 1250)).fills).toEqual([1, 0, 0]);
  });
});

describe('COMMON list scrolling', () => {
  it('puts the line middle 30 px above the viewport middle, within the scroll range', () => {
    expect(LYRIC_SCROLL_OFFSET_PX).toBe(-30);
    // Line from 1000 to 1040 (middle 1020) in a 600 px viewport: 1020 - 300 + 30.
    expect(centredScrollTop(1000, 40, 600, 5000)).toBe(750);
    expect(centredScrollTop(10, 40, 600, 5000)).toBe(0);
    expect(centredScrollTop(4900, 40, 600, 5000)).toBe(4400);
  });

  it('holds the centring for 1 s after a manual scroll', () => {
    expect(MANUAL_SCROLL_PAUSE_MS).toBe(1000);
    expect(manualScrollHolds(null, 5000)).toBe(false);
    expect(manualScrollHolds(5000, 5999)).toBe(true);
    expect(manualScrollHolds(5000, 6000)).toBe(false);
  });
});
