import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayName } from '../../../server/domain/music/library';
import { lyricTags, syncedLyricsToLrc } from '../../../server/domain/music/lyrics';
import { guessFromFileName, nameTrack } from '../../../server/domain/music/names';

describe('names from the file when the tags say nothing', () => {
  it('reads the usual file-name shapes, with full-width dashes and spaces too', () => {
    const cases: [string, string, string[]][] = [
      ['周杰伦 - 晴天.mp3', '晴天', ['周杰伦']],
      ['01. 七里香.mp3', '七里香', []],
      ['01 七里香.flac', '七里香', []],
      ['01 - 周杰伦 - 晴天.mp3', '晴天', ['周杰伦']],
      ['03－周杰伦－稻香.mp3', '稻香', ['周杰伦']],
      ['周杰伦　—　夜曲.mp3', '夜曲', ['周杰伦']],
      ['周杰伦–青花瓷.mp3', '青花瓷', ['周杰伦']],
      ['02．以父之名.mp3', '以父之名', []],
      ['周杰伦、费玉清 - 千里之外.mp3', '千里之外', ['周杰伦', '费玉清']],
      ['Jay-Z.mp3', 'Jay-Z', []],
      ['2046.mp3', '2046', []],
    ];
    for (const [file, title, artists] of cases) expect(guessFromFileName(file), file).toEqual({ title, artists });
  });

  it('keeps the ordering-number rule of displayName', () => {
    expect(displayName('03 静夜思.mp3')).toBe('静夜思');
    expect(displayName('03．静夜思.mp3')).toBe('静夜思');
    expect(displayName('03－静夜思')).toBe('静夜思');
    expect(displayName('2046.mp3')).toBe('2046');
  });

  const word = fc
    .array(fc.constantFrom(...'周杰伦晴天七里香夜曲abcXYZ'.split(''), ' '), { minLength: 1, maxLength: 8 })
    .map((characters) => characters.join('').trim())
    .filter((text) => text.length > 0);

  it('gives back artist and title from "歌手 - 歌名", with or without an ordering number and whatever the dash', () => {
    const separator = fc.constantFrom(' - ', '－', ' － ', '—', ' — ', '–', '　－　');
    const number = fc.option(fc.integer({ min: 1, max: 99 }).map((n) => `${String(n).padStart(2, '0')} - `));
    fc.assert(
      fc.property(word, separator, word, number, (artist, dash, title, prefix) => {
        const guess = guessFromFileName(`${prefix ?? ''}${artist}${dash}${title}.mp3`);
        return guess.title === title && guess.artists.length === 1 && guess.artists[0] === artist;
      }),
    );
  });

  it('names a song without a separator as displayName does, with no artist', () => {
    fc.assert(fc.property(word, fc.nat(99), (title, n) => {
      const file = `${n} ${title}.mp3`;
      return guessFromFileName(file).title === displayName(file) && guessFromFileName(file).artists.length === 0;
    }));
  });

  it('takes the tags first, then the lyric header, then the file and folder names, and says which were guessed', () => {
    expect(nameTrack('华语/周杰伦 - 晴天.mp3', { artists: [] })).toEqual({
      title: '晴天',
      artists: ['周杰伦'],
      album: '华语',
      guessed: { title: 'path', artists: 'path', album: 'path' },
    });
    expect(nameTrack('华语/track01.mp3', { artists: [] }, { title: '晴天', artist: '周杰伦', album: '叶惠美' })).toEqual({
      title: '晴天',
      artists: ['周杰伦'],
      album: '叶惠美',
      guessed: { title: 'lyric', artists: 'lyric', album: 'lyric' },
    });
    expect(nameTrack('华语/周杰伦 - 晴天.mp3', { title: '晴天 (Live)', artists: ['周杰伦'], album: '' }, { album: '叶惠美' })).toEqual({
      title: '晴天 (Live)',
      artists: ['周杰伦'],
      album: '叶惠美',
      guessed: { album: 'lyric' },
    });
    expect(nameTrack('loose.mp3', { title: 'Loose', artists: [] })).toEqual({ title: 'Loose', artists: [], album: '', guessed: { artists: 'none', album: 'none' } });
  });
});

describe('lyric headers and synchronised lyrics', () => {
  it('reads [ti:], [ar:] and [al:], whatever their case, and skips empty ones', () => {
    expect(lyricTags('[ti:晴天]\n[AR: 周杰伦 ]\n[al:]\n[by:someone]\n[00:01.00]故事的小黄花')).toEqual({ title: '晴天', artist: '周杰伦' });
  });

  it('turns SYLT lines into LRC lines, and syllables that begin lines into enhanced LRC', () => {
    expect(syncedLyricsToLrc([{ text: '故事的小黄花', timestamp: 1000 }, { text: '从出生那年就飘着', timestamp: 61_500 }])).toBe(
      '[00:01.000]故事的小黄花\n[01:01.500]从出生那年就飘着',
    );
    expect(syncedLyricsToLrc([{ text: '春', timestamp: 500 }, { text: '眠', timestamp: 1000 }, { text: '\n不', timestamp: 2000 }, { text: '觉', timestamp: 2400 }])).toBe(
      '[00:00.500]<00:00.500>春<00:01.000>眠\n[00:02.000]<00:02.000>不<00:02.400>觉',
    );
  });
});
