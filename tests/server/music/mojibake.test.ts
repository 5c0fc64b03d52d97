import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { repairMojibake } from '../../../server/domain/music/mojibake';

/** What a parser hands over for text stored in `encoding` but declared ISO-8859-1: one character per byte. */
const asLatin1 = (text: string, encoding: string) => iconv.encode(text, encoding).toString('latin1');

const GENUINE_LATIN1 = [
  'Café Müller',
  'Beyoncé',
  'Sigur Rós',
  'Björk',
  'Mötley Crüe',
  'Hüsker Dü',
  "Sinéad O'Connor",
  'Les Misérables',
  'Motörhead',
  'Señor Coconut',
  'Ærøskøbing',
  'ñoño',
  'Zoë',
  '¿Qué?',
  '½ Price',
  '© 2004',
];

describe('repairMojibake', () => {
  it('reads GBK held in Latin-1 characters as simplified Chinese', () => {
    for (const text of ['七里香', '周杰伦', '晴天', 'Jay周杰伦', '周杰伦 & 费玉清', '千里之外 (Live)', '克莱德·德彪西', '《叶惠美》']) {
      expect(repairMojibake(asLatin1(text, 'gbk')), text).toBe(text);
    }
  });

  it('reads Big5 held in Latin-1 characters as traditional Chinese, ASCII second bytes included', () => {
    for (const text of ['周杰倫', '七里香', '晴天', '告白氣球', '稻香', '夜曲']) expect(repairMojibake(asLatin1(text, 'big5')), text).toBe(text);
  });

  it('leaves genuine Latin-1 names and text with other characters alone', () => {
    for (const text of GENUINE_LATIN1) expect(repairMojibake(text), text).toBe(text);
    expect(repairMojibake('七里香')).toBe('七里香');
    expect(repairMojibake('ÆßÀïÏã€')).toBe('ÆßÀïÏã€');
  });

  it('changes no text without a character of U+0080 and above', () => {
    fc.assert(fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)) }), (text) => repairMojibake(text) === text));
  });

  it('changes no Latin-1 text whose accented letters stand at least two characters apart', () => {
    const ascii = (minLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength });
    const accented = fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code));
    const text = fc
      .tuple(ascii(0), fc.array(fc.tuple(accented, ascii(2))), fc.option(accented))
      .map(([head, rest, last]) => head + rest.map(([letter, tail]) => letter + tail).join('') + (last ?? ''));
    fc.assert(fc.property(text, (latin1) => repairMojibake(latin1) === latin1));
  });

  it('gives back any GB2312 text, and repairs nothing twice', () => {
    const hanzi = fc
      .tuple(fc.integer({ min: 0xb0, max: 0xd7 }), fc.integer({ min: 0xa1, max: 0xfe }))
      .filter(([lead, trail]) => lead !== 0xd7 || trail <= 0xf9)
      .map(([lead, trail]) => iconv.decode(Buffer.from([lead, trail]), 'gb2312'));
    const title = fc.array(fc.oneof(hanzi, hanzi, fc.constantFrom(' ', '(Live)', 'A', '1')), { minLength: 1 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(title, (text) => {
        const repaired = repairMojibake(asLatin1(text, 'gbk'));
        return repaired === text && repairMojibake(repaired) === repaired;
      }),
    );
  });
});
