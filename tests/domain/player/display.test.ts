import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampAuthorSize,
  clampBrightness,
  clampLyricSettings,
  clampLyricSize,
  clampTitleSize,
  formatTime,
  lineFade,
  LYRIC_OFFSETS_KEPT,
  lyricClockMs,
  offsetFor,
  sliderFromVolume,
  volumeFromSlider,
  withOffset,
} from '../../../src/domain/player/display';
import { nextIndex, nextMode } from '../../../src/domain/player/playOrder';

describe('size clamps', () => {
  it('keep title 1–5, author 0–2.4, lyric 1–4, and fall back to the defaults on nonsense', () => {
    expect([clampTitleSize(0), clampTitleSize(9), clampTitleSize(3.3), clampTitleSize(Number.NaN)]).toEqual([1, 5, 3.3, 2.4]);
    expect([clampAuthorSize(-1), clampAuthorSize(3), clampAuthorSize(Number.POSITIVE_INFINITY)]).toEqual([0, 2.4, 1.4]);
    expect([clampLyricSize(0.5), clampLyricSize(4.5), clampLyricSize(Number.NaN)]).toEqual([1, 4, 1.8]);
  });

  it('keeps brightness on the 0.1 grid within 0–1', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -5, max: 5 }), (value) => {
        const b = clampBrightness(value);
        expect(b).toBeGreaterThanOrEqual(0);
        expect(b).toBeLessThanOrEqual(1);
        expect(Math.round(b * 10) / 10).toBe(b);
      }),
    );
    expect([clampBrightness(0.34), clampBrightness(Number.NaN)]).toEqual([0.3, 0.5]);
  });

  it('clamps a partial settings change over the current settings', () => {
    expect(clampLyricSettings({ titleSize: 99 }, { titleSize: 2, authorSize: 1, lyricSize: 2, brightness: 0.2 })).toEqual({
      titleSize: 5,
      authorSize: 1,
      lyricSize: 2,
      brightness: 0.2,
    });
  });
});

describe('formatTime', () => {
  it('shows mm:ss, minutes past 59 included, and 00:00 for anything unknown', () => {
    expect([formatTime(0), formatTime(5.9), formatTime(65), formatTime(3599), formatTime(6000)]).toEqual([
      '00:00',
      '00:05',
      '01:05',
      '59:59',
      '100:00',
    ]);
    expect([formatTime(Number.NaN), formatTime(-3), formatTime(Number.POSITIVE_INFINITY)]).toEqual(['00:00', '00:00', '00:00']);
  });
});

describe('volume', () => {
  it('maps the 0–100 slider to 0–1 with two decimals, and back', () => {
    expect([volumeFromSlider(0), volumeFromSlider(37), volumeFromSlider(37.4), volumeFromSlider(150), volumeFromSlider(-2)]).toEqual([
      0, 0.37, 0.37, 1, 0,
    ]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100 }), (percent) => sliderFromVolume(volumeFromSlider(percent)) === percent));
  });
});

describe('lyric fades (spec section 9)', () => {
  it('fade a line shown for 1 s or more, not one shown for less', () => {
    const times = [0, 999, 2000, 3000];
    expect(times.map((_, i) => lineFade(times, i))).toEqual([
      { fadeIn: false, fadeOut: false },
      { fadeIn: true, fadeOut: true },
      { fadeIn: true, fadeOut: true },
      { fadeIn: true, fadeOut: true },
    ]);
    expect(lineFade(times, -1)).toEqual({ fadeIn: false, fadeOut: false });
  });
});

describe('lyric offsets', () => {
  it('move in 0.5 s steps per song and forget a song back at 0', () => {
    let offsets = withOffset([], 1, 0.5);
    offsets = withOffset(offsets, 2, -1.2);
    expect(offsetFor(offsets, 1)).toBe(0.5);
    expect(offsetFor(offsets, 2)).toBe(-1);
    expect(offsetFor(offsets, 3)).toBe(0);
    offsets = withOffset(offsets, 1, 0);
    expect(offsets).toEqual([{ songId: 2, seconds: -1 }]);
    expect(lyricClockMs(10, 0.5)).toBe(10_500);
  });

  it('keep only the most recent songs', () => {
    let offsets = withOffset([], 1, 1);
    for (let id = 2; id <= LYRIC_OFFSETS_KEPT + 1; id++) offsets = withOffset(offsets, id, 1);
    expect(offsets).toHaveLength(LYRIC_OFFSETS_KEPT);
    expect(offsetFor(offsets, 1)).toBe(0);
    expect(offsetFor(offsets, LYRIC_OFFSETS_KEPT + 1)).toBe(1);
  });
});

describe('play order', () => {
  it('cycles RANDOM → LISTLOOP → SINGLECYCLE → RANDOM', () => {
    expect([nextMode('RANDOM'), nextMode('LISTLOOP'), nextMode('SINGLECYCLE')]).toEqual(['LISTLOOP', 'SINGLECYCLE', 'RANDOM']);
  });

  it('list loop wraps both ways; single cycle stays', () => {
    const none = () => 0;
    expect(nextIndex('LISTLOOP', 2, 3, 'next', none)).toBe(0);
    expect(nextIndex('LISTLOOP', 0, 3, 'previous', none)).toBe(2);
    expect(nextIndex('LISTLOOP', -1, 3, 'next', none)).toBe(0);
    expect(nextIndex('SINGLECYCLE', 1, 3, 'next', none)).toBe(1);
    expect(nextIndex('RANDOM', 0, 0, 'next', none)).toBe(-1);
  });

  it('random never repeats the current index unless the list has one song, and reaches every other index', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), fc.nat(), (length, at, draw) => {
        const current = at % length;
        const next = nextIndex('RANDOM', current, length, 'next', (max) => draw % max);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(length);
        if (length > 1) expect(next).not.toBe(current);
        else expect(next).toBe(0);
      }),
    );
    const reached = new Set(Array.from({ length: 4 }, (_, draw) => nextIndex('RANDOM', 2, 5, 'next', () => draw)));
    expect([...reached].sort()).toEqual([0, 1, 3, 4]);
  });

  it('survives a Random port that misbehaves', () => {
    expect(nextIndex('RANDOM', 0, 3, 'next', () => 99)).toBe(2);
    expect(nextIndex('RANDOM', 0, 3, 'next', () => Number.NaN)).toBe(1);
  });
});
