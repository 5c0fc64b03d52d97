import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restorePlayer, savedSongSummary, SAVED_PLAYER_VERSION, toSaved, defaultSavedPlayer } from '../../../src/domain/player/persistence';

/** Stored values as they may really be found: valid, from the API's spellings, damaged, or anything at all. */
const storedArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.record({
    version: fc.constantFrom(SAVED_PLAYER_VERSION, 0, 2, '1'),
    current: fc.oneof(
      fc.constant(null),
      fc.record({
        id: fc.oneof(fc.integer({ min: -3, max: 50 }), fc.double(), fc.string()),
        name: fc.oneof(fc.string({ maxLength: 8 }), fc.integer()),
        ar: fc.array(fc.record({ name: fc.string({ maxLength: 4 }) }), { maxLength: 2 }),
        artists: fc.option(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }), { nil: undefined }),
        al: fc.option(fc.record({ picUrl: fc.string({ maxLength: 6 }) }), { nil: undefined }),
        cover: fc.option(fc.string({ maxLength: 6 }), { nil: undefined }),
        dt: fc.option(fc.oneof(fc.nat(), fc.double()), { nil: undefined }),
      }),
      fc.anything(),
    ),
    currentTime: fc.oneof(fc.double(), fc.string(), fc.constant(undefined)),
    topList: fc.anything(),
  }),
);

describe('the saved-song summary of the floating disc', () => {
  it('agrees with the full restore on the song and its position, whatever storage holds', () => {
    fc.assert(
      fc.property(storedArb, (stored) => {
        const full = restorePlayer(stored);
        const summary = savedSongSummary(stored);
        expect(summary?.song ?? null).toEqual(full.current);
        expect(summary?.currentTime ?? 0).toBe(full.currentTime);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a saved player back as its song, artists, cover and position', () => {
    const song = { id: 7, name: '静夜思', artists: ['李白'], alias: ['床前明月光'], cover: '/wapi/cover/song/7/1.jpg', durationMs: 90_000 };
    const stored = JSON.parse(JSON.stringify(toSaved({ ...defaultSavedPlayer(), current: song, currentTime: 42.5 })));
    expect(savedSongSummary(stored)).toEqual({ song, currentTime: 42.5 });
  });

  it('is null on a first visit, a wrong version or no current song', () => {
    expect(savedSongSummary(undefined)).toBeNull();
    expect(savedSongSummary({ ...defaultSavedPlayer(), version: 99 })).toBeNull();
    expect(savedSongSummary(defaultSavedPlayer())).toBeNull();
  });
});
