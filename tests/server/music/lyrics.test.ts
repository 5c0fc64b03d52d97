import { describe, expect, it } from 'vitest';
import { enhancedLrcToYrc, lyricAnswer, splitEmbeddedTranslation } from '../../../server/domain/music/lyrics';
import { displayName, splitArtists } from '../../../server/domain/music/library';

describe('lyric files into the /lyric answer', () => {
  it('turns enhanced LRC word stamps into YRC and keeps the plain line for lrc', () => {
    const lrc = '[ti:春晓]\n[00:01.00]<00:01.00>春<00:01.50>眠<00:02.25>不\n[00:03.000]<00:03.000>觉<00:03.400>晓<00:04.000>\n';
    expect(enhancedLrcToYrc(lrc)).toBe('[1000,2000](1000,500,0)春(1500,750,0)眠(2250,750,0)不\n[3000,1000](3000,400,0)觉(3400,600,0)晓');
    const answer = lyricAnswer({ lrc });
    expect(answer.lrc?.lyric).toBe('[ti:春晓]\n[00:01.00]春眠不\n[00:03.000]觉晓\n');
    expect(answer.yrc?.lyric.split('\n')).toHaveLength(2);
  });

  it('splits a translation carried in the LRC the NetEase way, a second line with the same stamp', () => {
    const lrc = '[00:01.00]床前明月光\n[00:01.00]Moonlight before my bed\n[00:03.00]疑是地上霜\n[00:03.00]Frost on the ground';
    expect(splitEmbeddedTranslation(lrc)).toEqual({
      original: '[00:01.00]床前明月光\n[00:03.00]疑是地上霜',
      translation: '[00:01.00]Moonlight before my bed\n[00:03.00]Frost on the ground',
    });
    expect(lyricAnswer({ lrc }).tlyric?.lyric).toContain('Frost on the ground');
  });

  it('prefers a translation file and a YRC file when they exist', () => {
    const answer = lyricAnswer({ lrc: '[00:01.00]一', translation: '[00:01.00]one', yrc: '[1000,500](1000,500,0)一' });
    expect(answer).toEqual({ lrc: { lyric: '[00:01.00]一' }, tlyric: { lyric: '[00:01.00]one' }, yrc: { lyric: '[1000,500](1000,500,0)一' } });
  });

  it('makes line times from YRC when there is no LRC, and says nolyric when nothing is timed', () => {
    expect(lyricAnswer({ yrc: '[61500,800](61500,400,0)你(61900,400,0)好' }).lrc?.lyric).toBe('[01:01.500]你好');
    expect(lyricAnswer({})).toEqual({ nolyric: true });
    expect(lyricAnswer({ lrc: '[ti:只有标题]\n纯文本没有时间' })).toEqual({ nolyric: true });
  });
});

describe('names from files and tags', () => {
  it('drops the ordering number and the extension', () => {
    expect(displayName('03 静夜思.mp3')).toBe('静夜思');
    expect(displayName('01-清晨')).toBe('清晨');
    expect(displayName('2046.mp3')).toBe('2046');
    expect(displayName('七里香.flac')).toBe('七里香');
  });

  it('splits artists on the usual separators and drops repeats', () => {
    expect(splitArtists(['李白/听雨小筑', '李白'])).toEqual(['李白', '听雨小筑']);
    expect(splitArtists(['A; B、C'])).toEqual(['A', 'B', 'C']);
    expect(splitArtists([''])).toEqual([]);
  });
});
