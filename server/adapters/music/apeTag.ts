import { decodeText } from './textEncoding';

/** A file read by position: on disk or in a bucket. */
export interface RandomAccess {
  size: number;
  read(position: number, length: number): Promise<Buffer>;
}

const FOOTER = 32;
const ID3V1 = 128;
/** Bits 1–2 of an item's flags: 0 is UTF-8 text (binary items and links are left alone). */
const KIND_MASK = 0b110;

/**
 * The text items of a file's APEv2 tag (keys lower-cased, values split on NUL), each decoded from its bytes:
 * the parser reads APEv2 as UTF-8 only, so the GBK or Big5 some Chinese taggers wrote into it comes back as
 * replacement characters. Looks for the footer at the end of the file or before an ID3v1 tag.
 */
export async function readApeText(file: RandomAccess): Promise<Map<string, string[]>> {
  const items = new Map<string, string[]>();
  const { size } = file;
  for (const end of [size, size - ID3V1]) {
    if (end < FOOTER) continue;
    const footer = await file.read(end - FOOTER, FOOTER);
    if (footer.toString('latin1', 0, 8) !== 'APETAGEX') continue;
    const tagSize = footer.readUInt32LE(12);
    const count = footer.readUInt32LE(16);
    if (tagSize < FOOTER || tagSize > end) return items;
    const body = await file.read(end - tagSize, tagSize - FOOTER);
    for (let at = 0, index = 0; index < count && at + 8 < body.length; index += 1) {
      const length = body.readUInt32LE(at);
      const flags = body.readUInt32LE(at + 4);
      const keyEnd = body.indexOf(0, at + 8);
      if (keyEnd < 0 || keyEnd + 1 + length > body.length) break;
      const key = body.toString('latin1', at + 8, keyEnd).toLowerCase();
      const value = body.subarray(keyEnd + 1, keyEnd + 1 + length);
      if ((flags & KIND_MASK) === 0) items.set(key, decodeText(value).split('\0').filter(Boolean));
      at = keyEnd + 1 + length;
    }
    return items;
  }
  return items;
}
