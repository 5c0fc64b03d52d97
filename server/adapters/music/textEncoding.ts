import chardet from 'chardet';
import { commonIdeographs } from '../../domain/music/mojibake';

/** The encodings a Chinese collection's text files are saved in, besides UTF-8 and UTF-16 with a BOM. */
const DETECTABLE: Readonly<Record<string, string>> = { 'UTF-16LE': 'utf-16le', 'UTF-16BE': 'utf-16be', GB18030: 'gb18030', Big5: 'big5' };

const BOMS: readonly (readonly [number[], string])[] = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0xff, 0xfe], 'utf-16le'],
  [[0xfe, 0xff], 'utf-16be'],
];

function strictly(encoding: string, bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A text file's bytes as text, whatever a Chinese collection saved it in (lyrics, translations, descriptions,
 * CUE sheets): a BOM decides; else strict UTF-8; else UTF-16 when the detector puts it first; else GB18030 (GBK,
 * GB2312) or Big5, whichever decodes strictly with more of its common ideographs (the detector cannot tell them
 * apart in a short file, a one-line translation), GB18030 on a tie and as the last resort, as the most common
 * legacy encoding. The result has no BOM.
 */
export function decodeText(bytes: Uint8Array): string {
  for (const [mark, encoding] of BOMS) {
    if (mark.every((byte, index) => bytes[index] === byte)) return new TextDecoder(encoding).decode(bytes.subarray(mark.length));
  }
  const utf8 = strictly('utf-8', bytes);
  if (utf8 !== undefined) return utf8;
  const guesses = chardet
    .analyse(bytes)
    .map((match) => DETECTABLE[match.name])
    .filter((encoding): encoding is string => encoding !== undefined);
  const utf16 = guesses[0]?.startsWith('utf-16') ? strictly(guesses[0], bytes) : undefined;
  if (utf16 !== undefined) return utf16;
  const legacy = (['gb18030', 'big5'] as const)
    .map((encoding) => ({ text: strictly(encoding, bytes), common: commonIdeographs(bytes, encoding) }))
    .filter((reading): reading is { text: string; common: number } => reading.text !== undefined)
    .sort((a, b) => b.common - a.common)[0];
  if (legacy) return legacy.text;
  for (const encoding of guesses) {
    const text = strictly(encoding, bytes);
    if (text !== undefined) return text;
  }
  return new TextDecoder('gb18030').decode(bytes);
}
