import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromTapEditor, lyricOffset, tapEditorText, withLyricOffset } from '../../../../src/domain/console/music/lyricOffset';
import { formatTapSheet, parseTapSheet, sheetTimeAt, tap } from '../../../../src/domain/console/lyricTap';
import { parseLrc } from '../../../../src/domain/player/lyrics';

const LRC = '[ti:静夜思]\n[00:01.00]床前明月光\n[00:02.50]疑是地上霜';

describe('the LRC offset tag', () => {
  it('is set, replaced and removed, the lines kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: -600_000, max: 600_000 }), fc.integer({ min: -600_000, max: 600_000 }), (first, second) => {
        const once = withLyricOffset(LRC, first);
        expect(lyricOffset(once)).toBe(first);
        const twice = withLyricOffset(once, second);
        expect(lyricOffset(twice)).toBe(second);
        expect(withLyricOffset(twice, 0)).toBe(LRC);
      }),
    );
  });
});

describe('the song offset and the tap editor', () => {
  it('hands the editor the offset inside the text and takes it back out on save', () => {
    const lyrics = { lrc: LRC, translation: 'T', yrc: '', offsetMs: -300 };
    const text = tapEditorText(lyrics);
    expect(text).toContain('[offset:-300]');
    expect(fromTapEditor(lyrics, text)).toEqual(lyrics);
    // An offset the writer typed into the editor's text becomes the song's offset.
    expect(fromTapEditor(lyrics, `[offset:120]\n${LRC}`)).toEqual({ ...lyrics, offsetMs: 120 });
  });

  it('plays a line where it was tapped, whatever the song offset', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -500, max: 500 }).map((centis) => centis * 10),
        fc.integer({ min: 0, max: 30_000 }),
        (offsetMs, heardCentis) => {
          fc.pre(heardCentis * 10 + offsetMs >= 0);
          const lyrics = { lrc: '床前明月光\n疑是地上霜', translation: '', yrc: '', offsetMs };
          // The writer taps the first line while hearing the song at `heard`.
          const sheet = parseTapSheet(tapEditorText(lyrics));
          const saved = fromTapEditor(lyrics, formatTapSheet(tap(sheet, sheetTimeAt(sheet, heardCentis / 100))));
          // What the server writes (the number back into the file) is what the player reads.
          const played = parseLrc(withLyricOffset(saved.lrc, saved.offsetMs));
          expect(saved.offsetMs).toBe(offsetMs);
          expect(played[0]).toEqual({ time: heardCentis * 10, text: '床前明月光' });
        },
      ),
    );
  });
});
