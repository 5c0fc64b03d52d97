import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Song } from '../../../src/domain/player/music';
import { defaultSavedPlayer, restorePlayer, type SavedPlayer } from '../../../src/domain/player/persistence';

const songArb: fc.Arbitrary<Song> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  name: fc.string({ maxLength: 10 }),
  artists: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
  alias: fc.array(fc.string({ maxLength: 6 }), { maxLength: 2 }),
  cover: fc.string({ maxLength: 10 }),
  durationMs: fc.nat(),
});

const savedArb: fc.Arbitrary<SavedPlayer> = fc
  .record({
    topList: fc.array(songArb, { maxLength: 8 }),
    customList: fc.uniqueArray(songArb, { selector: (song) => song.id, maxLength: 8 }),
    current: fc.option(songArb, { nil: null }),
    source: fc.constantFrom('TOP' as const, 'CUSTOM' as const),
    currentTime: fc.double({ min: 0, max: 600, noNaN: true }),
    mode: fc.constantFrom('RANDOM' as const, 'LISTLOOP' as const, 'SINGLECYCLE' as const),
    volume: fc.integer({ min: 0, max: 100 }).map((v) => v / 100),
    lyricType: fc.constantFrom('COMMON' as const, 'SPECIAL' as const),
    lyricSettings: fc.record({
      titleSize: fc.integer({ min: 10, max: 50 }).map((v) => v / 10),
      authorSize: fc.integer({ min: 0, max: 24 }).map((v) => v / 10),
      lyricSize: fc.integer({ min: 10, max: 40 }).map((v) => v / 10),
      brightness: fc.integer({ min: 0, max: 10 }).map((v) => v / 10),
    }),
    lyricOffsets: fc
      .uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 5 })
      .chain((ids) => fc.tuple(...ids.map((songId) => fc.integer({ min: -60, max: 60 }).filter((n) => n !== 0).map((n) => ({ songId, seconds: n / 2 }))))),
  })
  .map((state) => ({
    version: 1 as const,
    ...state,
    source: state.customList.length === 0 ? ('TOP' as const) : state.source,
    currentTime: state.current ? state.currentTime : 0,
  }));

describe('player persistence', () => {
  it('restores exactly what was saved, through JSON', () => {
    fc.assert(
      fc.property(savedArb, (saved) => {
        expect(restorePlayer(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
      }),
      { numRuns: 300 },
    );
  });

  it('turns anything at all into a valid state', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const state = restorePlayer(junk);
        expect(['TOP', 'CUSTOM']).toContain(state.source);
        expect(state.volume).toBeGreaterThanOrEqual(0);
        expect(state.volume).toBeLessThanOrEqual(1);
        expect(new Set(state.customList.map((song) => song.id)).size).toBe(state.customList.length);
      }),
    );
    expect(restorePlayer(undefined)).toEqual(defaultSavedPlayer());
    expect(restorePlayer('garbage')).toEqual(defaultSavedPlayer());
    expect(restorePlayer({ version: 99, volume: 0.1 })).toEqual(defaultSavedPlayer());
  });

  it('repairs corrupt fields one by one', () => {
    const good = { id: 5, name: '晴天', artists: ['周杰伦'], alias: [], cover: 'c', durationMs: 1000 };
    const state = restorePlayer({
      version: 1,
      topList: [good, { id: -1, name: 'x' }, null, { id: 6, name: '旧格式', ar: [{ name: '某人' }], alia: ['别名'], al: { picUrl: 'p' }, dt: 2000 }],
      customList: [good, good],
      current: { id: 'bad' },
      source: 'CUSTOM',
      currentTime: 42,
      mode: 'SHUFFLE',
      volume: 7,
      lyricType: 'KARAOKE',
      lyricSettings: { titleSize: 80, brightness: 'dim' },
      lyricOffsets: [{ songId: 5, seconds: 0.7 }, { songId: 'x', seconds: 1 }, { songId: 9, seconds: 0 }],
    });
    expect(state.topList).toEqual([good, { id: 6, name: '旧格式', artists: ['某人'], alias: ['别名'], cover: 'p', durationMs: 2000 }]);
    expect(state.customList).toEqual([good]);
    expect(state.current).toBeNull();
    expect(state.currentTime).toBe(0);
    expect(state.source).toBe('CUSTOM');
    expect(state.mode).toBe('RANDOM');
    expect(state.volume).toBe(1);
    expect(state.lyricType).toBe('COMMON');
    expect(state.lyricSettings).toEqual({ titleSize: 5, authorSize: 1.4, lyricSize: 1.8, brightness: 0.5 });
    expect(state.lyricOffsets).toEqual([{ songId: 5, seconds: 0.5 }]);
  });

  it('plays from TOP when my list is empty', () => {
    expect(restorePlayer({ ...defaultSavedPlayer(), source: 'CUSTOM' }).source).toBe('TOP');
  });
});
