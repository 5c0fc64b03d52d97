import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyOrder,
  MAX_NAME_UNITS,
  audioFileName,
  mergeSongMeta,
  parseOrderFile,
  parseSongsFile,
  printOrderFile,
  printSongsFile,
  sanitiseName,
  sniffAudio,
  uniqueName,
} from '../../../server/domain/music/folderEdits';
import { naturalOrder } from '../../../server/domain/music/library';

const fileName = fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !/[\r\n]/.test(name) && name.trim() === name && name !== '');

describe('the order file', () => {
  it('puts the listed names first in their order, the rest after in natural order, each name once', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fileName, { maxLength: 12 }), fc.array(fileName, { maxLength: 12 }), (names, listed) => {
        const ordered = applyOrder(names, listed, naturalOrder);
        expect([...ordered].sort()).toEqual([...names].sort());
        const present = [...new Set(listed)].filter((name) => names.includes(name));
        expect(ordered.slice(0, present.length)).toEqual(present);
        const rest = ordered.slice(present.length);
        expect(rest).toEqual([...rest].sort(naturalOrder));
      }),
    );
  });

  it('reads back what it prints', () => {
    fc.assert(
      fc.property(fc.array(fileName, { maxLength: 10 }), (names) => {
        expect(parseOrderFile(printOrderFile(names))).toEqual(names);
      }),
    );
  });
});

describe('the songs.json sidecar', () => {
  const meta = fc.record(
    { title: fileName, artists: fc.array(fileName, { maxLength: 3 }), album: fileName, aliases: fc.array(fileName, { maxLength: 2 }) },
    { requiredKeys: [] },
  );

  it('reads back what it prints, and ignores what is malformed', () => {
    fc.assert(
      fc.property(fc.dictionary(fileName, meta.filter((m) => Object.keys(m).length > 0)), (entries) => {
        const map = new Map(Object.entries(entries));
        expect(parseSongsFile(printSongsFile(map))).toEqual(map);
      }),
    );
    expect(parseSongsFile('{ not json')).toEqual(new Map());
    expect(parseSongsFile('{"a.mp3": 3, "b.mp3": {"title": 5, "album": "专辑"}}')).toEqual(new Map([['b.mp3', { album: '专辑' }]]));
  });

  it('wins over the tags, and a field it sets is no longer a guess', () => {
    const tags = { title: '歌', artists: ['甲'], album: '夜曲', aliases: [], guessed: { title: 'path' as const, album: 'path' as const } };
    expect(mergeSongMeta(tags, { title: '新歌' })).toEqual({ ...tags, title: '新歌', guessed: { album: 'path' } });
    expect(mergeSongMeta(tags, undefined)).toBe(tags);
  });
});

describe('names from a request', () => {
  it('never hold a separator, a control character, a leading dot or more than MAX_NAME_UNITS characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (name) => {
        const safe = sanitiseName(name);
        // eslint-disable-next-line no-control-regex -- control characters are what is checked for
        expect(safe).not.toMatch(/[\u0000-\u001f/\\]/);
        expect(safe.startsWith('.')).toBe(false);
        expect(safe === '..' || safe === '.').toBe(false);
        expect([...safe].length).toBeLessThanOrEqual(MAX_NAME_UNITS);
      }),
    );
    expect(sanitiseName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitiseName('..')).toBe('');
  });

  it('are made unique against the folder, whatever the case', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fileName, { maxLength: 8 }), fileName, (taken, wanted) => {
        const name = uniqueName(wanted, taken);
        expect(taken.map((item) => item.toLowerCase())).not.toContain(name.toLowerCase());
      }),
    );
    expect(uniqueName('歌.mp3', ['歌.MP3', '歌 (2).mp3'])).toBe('歌 (3).mp3');
  });
});

describe('audio told by its bytes', () => {
  const head = (text: string, extra = 16) => Buffer.concat([Buffer.from(text, 'latin1'), Buffer.alloc(extra)]);
  it('knows the five formats and nothing else', () => {
    expect(sniffAudio(head('ID3\x04\x00'))).toBe('mp3');
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3');
    expect(sniffAudio(head('fLaC'))).toBe('flac');
    expect(sniffAudio(head('OggS'))).toBe('ogg');
    expect(sniffAudio(head('\x00\x00\x00\x20ftypM4A '))).toBe('m4a');
    expect(sniffAudio(head('RIFF\x24\x00\x00\x00WAVEfmt '))).toBe('wav');
    expect(sniffAudio(head('RIFF\x24\x00\x00\x00AVI '))).toBeUndefined();
    expect(sniffAudio(head('这是文本'))).toBeUndefined();
    expect(sniffAudio(head('<html>'))).toBeUndefined();
  });
  it('keeps the extension the writer gave when it names the same format', () => {
    expect(audioFileName('a.MP3', 'mp3')).toBe('a.MP3');
    expect(audioFileName('a.mp3', 'flac')).toBe('a.flac');
    expect(audioFileName('song', 'ogg')).toBe('song.ogg');
  });
});
