import chardet from 'chardet';

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
 * CUE sheets): a BOM decides; else strict UTF-8; else the detector's guess among UTF-16, GB18030 (GBK,
 * GB2312) and Big5, each decoded strictly; GB18030 is the last resort, as the most common legacy encoding.
 * The result has no BOM.
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
  for (const encoding of [...guesses, 'gb18030', 'big5']) {
    const text = strictly(encoding, bytes);
    if (text !== undefined) return text;
  }
  return new TextDecoder('gb18030').decode(bytes);
}
