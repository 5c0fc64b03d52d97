import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SongSearchIndex, type SearchableSong } from '../../../server/domain/music/songSearch';
import { romanise } from '../../../server/adapters/music/pinyin';

const HANZI = [...'静夜思床前明月光疑是地上霜举头望低故乡春眠不觉晓处闻啼鸟重庆森林长大单行道曾经沧海难为水除却巫山不是云'];
const LATIN = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

const hanziText = fc.array(fc.constantFrom(...HANZI), { minLength: 1, maxLength: 8 }).map((chars) => chars.join(''));
const mixedText = fc
  .array(fc.oneof(fc.constantFrom(...HANZI), fc.constantFrom(...LATIN), fc.constant(' ')), { minLength: 1, maxLength: 12 })
  .map((chars) => chars.join(''))
  .filter((text) => text.trim() !== '');

const songArb = (id: number) =>
  fc.record({
    title: fc.oneof(hanziText, mixedText),
    artists: fc.array(hanziText, { maxLength: 2 }),
    album: fc.oneof(fc.constant(''), hanziText),
    aliases: fc.array(mixedText, { maxLength: 1 }),
  }).map((fields): SearchableSong => ({ id, ...fields }));

const libraryArb = fc.integer({ min: 1, max: 30 }).chain((size) => fc.tuple(...Array.from({ length: size }, (_, i) => songArb(i + 1))));

/** A non-empty run of the title's characters (whitespace dropped), with the pinyin the title gives them in context. */
function substringOf(text: string, from: number, length: number): { part: string; syllables: string[] } {
  const characters = [...text];
  const readings = romanise(text, 'name');
  const kept = characters.map((character, at) => ({ character, reading: readings[at] ?? '' })).filter(({ character }) => !/\s/u.test(character));
  const start = from % kept.length;
  const run = kept.slice(start, start + 1 + (length % (kept.length - start)));
  return { part: run.map(({ character }) => character).join(''), syllables: run.map(({ reading }) => reading) };
}

describe('song search', () => {
  it('finds a song by any substring of its title, and by the pinyin initials and full pinyin of a Chinese substring', () => {
    fc.assert(
      fc.property(libraryArb, fc.nat(), fc.nat(), fc.nat(), (songs, pick, from, length) => {
        const index = new SongSearchIndex(songs, romanise);
        const song = songs[pick % songs.length]!;
        const { part, syllables } = substringOf(song.title, from, length);
        expect(index.search(part, 0, 1000).ids).toContain(song.id);
        if (/^\p{Script=Han}+$/u.test(part)) {
          expect(index.search(syllables.map((s) => s[0]).join(''), 0, 1000).ids).toContain(song.id);
          expect(index.search(syllables.join(''), 0, 1000).ids).toContain(song.id);
          expect(index.search(syllables.join(' '), 0, 1000).ids).toContain(song.id);
          // Characters then initials: 静ys.
          expect(index.search(`${[...part][0]}${syllables.slice(1).map((s) => s[0]).join('')}`, 0, 1000).ids).toContain(song.id);
        }
      }),
    );
  });

  it('finds exactly what a scan of every song finds, for any keyword', () => {
    const keyword = fc.oneof(
      fc.array(fc.constantFrom(...HANZI, ...LATIN), { minLength: 1, maxLength: 6 }).map((chars) => chars.join('')),
      fc.constantFrom('jys', 'jing', 'j', 'ch', 'zh', 'cq', 'sl', 'chongqing', 'zhangda', 'shan', 'dan'),
    );
    fc.assert(
      fc.property(libraryArb, keyword, (songs, query) => {
        const index = new SongSearchIndex(songs, romanise);
        const found = index.search(query, 0, 1000);
        expect([...found.ids].sort((a, b) => a - b)).toEqual(index.scan(query).sort((a, b) => a - b));
        expect(found.total).toBe(found.ids.length);
      }),
    );
  });

  it('ranks the exact title first, then titles, then artists and albums', () => {
    const songs: SearchableSong[] = [
      { id: 1, title: '月光下的静夜思', artists: [], album: '', aliases: [] },
      { id: 2, title: '别的歌', artists: ['静夜思乐队'], album: '', aliases: [] },
      { id: 3, title: '静夜思', artists: [], album: '', aliases: [] },
      { id: 4, title: '静夜思（二）', artists: [], album: '', aliases: [] },
    ];
    const index = new SongSearchIndex(songs, romanise);
    expect(index.search('静夜思', 0, 10).ids).toEqual([3, 4, 1, 2]);
    expect(index.search('jingyesi', 0, 10).ids).toEqual([3, 4, 1, 2]);
    expect(index.search('静夜思', 1, 2)).toEqual({ ids: [4, 1], total: 4 });
  });

  it('reads polyphones in context and surnames as surnames', () => {
    const songs: SearchableSong[] = [
      { id: 1, title: '重庆', artists: [], album: '', aliases: [] },
      { id: 2, title: '别的', artists: ['单田芳'], album: '', aliases: [] },
    ];
    const index = new SongSearchIndex(songs, romanise);
    expect(index.search('chongqing', 0, 10).ids).toEqual([1]);
    expect(index.search('shantianfang', 0, 10).ids).toEqual([2]);
    expect(index.search('', 0, 10)).toEqual({ ids: [], total: 0 });
    expect(index.search('   ', 0, 10)).toEqual({ ids: [], total: 0 });
  });
});
