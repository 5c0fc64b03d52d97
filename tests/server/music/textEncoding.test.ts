import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText } from '../../../server/adapters/music/textEncoding';

const LYRIC = '[ti:七里香]\n[ar:周杰伦]\n[00:01.00]窗外的麻雀在电线杆上多嘴\n[00:05.00]你说这一句很有夏天的感觉';
const TRADITIONAL = '[ti:七里香]\n[ar:周杰倫]\n[00:01.00]窗外的麻雀在電線桿上多嘴\n[00:05.00]你說這一句很有夏天的感覺';

describe('decodeText', () => {
  it('reads UTF-8 with and without a BOM, and UTF-16 LE and BE with theirs, leaving no BOM', () => {
    expect(decodeText(Buffer.from(LYRIC, 'utf8'))).toBe(LYRIC);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(LYRIC, 'utf8')]))).toBe(LYRIC);
    expect(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(LYRIC, 'utf16le')]))).toBe(LYRIC);
    expect(decodeText(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(LYRIC, 'utf16le').swap16()]))).toBe(LYRIC);
  });

  it('reads GBK, GB2312 and GB18030 as simplified and Big5 as traditional Chinese, with no replacement character', () => {
    for (const encoding of ['gbk', 'gb2312', 'gb18030']) expect(decodeText(iconv.encode(LYRIC, encoding)), encoding).toBe(LYRIC);
    expect(decodeText(iconv.encode(TRADITIONAL, 'big5'))).toBe(TRADITIONAL);
  });

  it('tells GBK from Big5 in a file of one short line', () => {
    for (const line of ['[00:01.00]麻雀在窗外\n', '晴天', '[ti:稻香]']) expect(decodeText(iconv.encode(line, 'gbk')), line).toBe(line);
    for (const line of ['[00:01.00]窗外的麻雀\n', '晴天', '[ti:告白氣球]']) expect(decodeText(iconv.encode(line, 'big5')), line).toBe(line);
  });

  it('gives back any text saved as UTF-8', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => decodeText(Buffer.from(text.replace(/^\uFEFF/, ''), 'utf8')) === text.replace(/^\uFEFF/, '')));
  });
});
