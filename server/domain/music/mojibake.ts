/**
 * Tag text that a tagger declared ISO-8859-1 (ID3v1, ID3v2 Latin-1 frames) while writing GBK or Big5 bytes: the
 * parser hands it over as one character per byte ("ÆßÀïÏã"), and these are the bytes given back their meaning
 * ("七里香"). Genuine Latin-1 text ("Café Müller", "Sigur Rós") must come through unchanged, so a reading is taken
 * only when it is unlikely to be Latin-1:
 * - every byte of 0x80 and above belongs to a character that decodes strictly in the legacy encoding, and every
 *   such character is Chinese (a Han ideograph, kana, bopomofo, CJK or full-width punctuation);
 * - a character whose second byte is ASCII (0x40–0x7E) stands next to another such character: a lone accented
 *   letter before a plain one ("ó" + "s") is the shape of Latin-1, and real GBK/Big5 titles come in runs;
 * - at least one character is a common ideograph of the encoding (GB2312's hanzi, Big5's level 1), which
 *   rare-character accidents ("ñoño" reads as two GBK/4 oddities) are not.
 * When both encodings qualify the one with more common ideographs wins, GB18030 on a tie (mainland tags are the
 * majority): Big5's most frequent characters read as GBK kana, so kana do not count, and Japanese saved as GBK
 * is not told from Big5. Two accented letters in a row can still read as one common hanzi ("Þó"): no byte rule
 * tells them apart.
 */

export type Legacy = 'gb18030' | 'big5';

interface Unit {
  bytes: number[];
  /** Second byte below 0x80: the pattern a Latin-1 letter followed by an ASCII letter also makes. */
  asciiTrail: boolean;
}

const CHINESE = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef\u2010-\u2027\u00b7]$/u;

const decoders: Record<Legacy, TextDecoder> = {
  gb18030: new TextDecoder('gb18030', { fatal: true }),
  big5: new TextDecoder('big5', { fatal: true }),
};

/**
 * Splits the bytes into ASCII bytes and the multi-byte characters of the encoding, by their shape only: a lead
 * byte without a possible trail stands alone, and decoding it later fails.
 */
function segment(bytes: readonly number[], encoding: Legacy): (number | Unit)[] {
  const parts: (number | Unit)[] = [];
  for (let at = 0; at < bytes.length; ) {
    const lead = bytes[at] ?? 0;
    const trail = bytes[at + 1] ?? 0;
    // GB18030's four-byte form has a digit in the second place.
    const length = lead < 0x80 ? 1 : trail < 0x30 ? 1 : encoding === 'gb18030' && trail <= 0x39 ? 4 : 2;
    parts.push(length === 1 && lead < 0x80 ? lead : { bytes: bytes.slice(at, at + length), asciiTrail: trail < 0x80 });
    at += length;
  }
  return parts;
}

function isCommon(unit: Unit, encoding: Legacy): boolean {
  const [lead = 0, trail = 0] = unit.bytes;
  if (unit.bytes.length !== 2) return false;
  if (encoding === 'gb18030') return lead >= 0xb0 && lead <= 0xf7 && trail >= 0xa1;
  const code = (lead << 8) | trail;
  return code >= 0xa440 && code <= 0xc67e;
}

/**
 * How many characters of `bytes` are common ideographs in `encoding` (GB2312's hanzi, Big5's level 1): what tells
 * GBK from Big5 when both decode, since each encoding's frequent characters are the other's rare ones or symbols.
 */
export function commonIdeographs(bytes: ArrayLike<number>, encoding: Legacy): number {
  return segment(Array.from(bytes), encoding).filter((part) => typeof part === 'object' && isCommon(part, encoding)).length;
}

/** The text the bytes hold in `encoding` and how many common ideographs it has, or undefined when it fails the rule. */
function reading(bytes: readonly number[], encoding: Legacy): { text: string; common: number } | undefined {
  const parts = segment(bytes, encoding);
  let text = '';
  let common = 0;
  for (const [index, part] of parts.entries()) {
    if (typeof part === 'number') {
      text += String.fromCharCode(part);
      continue;
    }
    if (part.asciiTrail && typeof parts[index - 1] !== 'object' && typeof parts[index + 1] !== 'object') return undefined;
    let character: string;
    try {
      character = decoders[encoding].decode(Uint8Array.from(part.bytes));
    } catch {
      return undefined;
    }
    if (!CHINESE.test(character)) return undefined;
    if (isCommon(part, encoding)) common += 1;
    text += character;
  }
  return common > 0 ? { text, common } : undefined;
}

export function repairMojibake(text: string): string {
  const bytes: number[] = [];
  let high = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0xff) return text;
    high ||= code >= 0x80;
    bytes.push(code);
  }
  if (!high) return text;
  const gb = reading(bytes, 'gb18030');
  const big5 = reading(bytes, 'big5');
  const best = big5 && (!gb || big5.common > gb.common) ? big5 : gb;
  return best?.text ?? text;
}
