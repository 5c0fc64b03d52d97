/**
 * Audio files tagged the way real Chinese collections are, built byte by byte: ID3v1 and ID3v2 Latin-1 frames
 * holding GBK, APEv2 items in any encoding, and a FLAC with a Vorbis comment block.
 */

/** The 128-byte ID3v1 tag that ends a file; each field is the raw bytes, cut to its 30 bytes. */
export function id3v1(fields: { title?: Buffer; artist?: Buffer; album?: Buffer }): Buffer {
  const tag = Buffer.alloc(128);
  tag.write('TAG', 0, 'latin1');
  fields.title?.copy(tag, 3, 0, 30);
  fields.artist?.copy(tag, 33, 0, 30);
  fields.album?.copy(tag, 63, 0, 30);
  tag[127] = 255;
  return tag;
}

const synchsafe = (size: number) => Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);

/** An ID3v2.3 tag whose text frames (TIT2, TPE1, TALB…) all declare ISO-8859-1 (encoding byte 0) over the given bytes. */
export function latin1Id3v2(frames: Record<string, Buffer>): Buffer {
  const body = Buffer.concat(
    Object.entries(frames).map(([id, bytes]) => {
      const header = Buffer.alloc(10);
      header.write(id, 0, 'latin1');
      header.writeUInt32BE(bytes.length + 1, 4);
      return Buffer.concat([header, Buffer.from([0]), bytes]);
    }),
  );
  return Buffer.concat([Buffer.from('ID3\x03\x00\x00', 'latin1'), synchsafe(body.length), body]);
}

/** An APEv2 tag (header, text items, footer) as it is appended to an MP3; values are raw bytes. */
export function apeTag(items: Record<string, Buffer>): Buffer {
  const body = Buffer.concat(
    Object.entries(items).map(([key, value]) => {
      const header = Buffer.alloc(8);
      header.writeUInt32LE(value.length, 0);
      return Buffer.concat([header, Buffer.from(`${key}\0`, 'latin1'), value]);
    }),
  );
  const block = (isHeader: boolean) => {
    const bytes = Buffer.alloc(32);
    bytes.write('APETAGEX', 0, 'latin1');
    bytes.writeUInt32LE(2000, 8);
    bytes.writeUInt32LE(body.length + 32, 12);
    bytes.writeUInt32LE(Object.keys(items).length, 16);
    // Bit 31: the tag has a header; bit 29: this block is the header.
    bytes.writeInt32LE((1 << 31) | (isHeader ? 1 << 29 : 0), 20);
    return bytes;
  };
  return Buffer.concat([block(true), body, block(false)]);
}

const FLAC_RATE = 22_050;
const FLAC_BLOCK = 4096;

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function metadataBlock(type: number, last: boolean, data: Buffer): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(data.length, 0);
  header[0] = (last ? 0x80 : 0) | type;
  return Buffer.concat([header, data]);
}

const le32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value, 0);
  return bytes;
};

/** A valid mono 16-bit FLAC of a sine tone, its frames stored verbatim, with a VORBIS_COMMENT block of `comments`. */
export function toneFlac(seconds: number, frequency: number, comments: [string, string][]): Buffer {
  const total = Math.round(seconds * FLAC_RATE);
  const info = Buffer.alloc(34);
  info.writeUInt16BE(FLAC_BLOCK, 0);
  info.writeUInt16BE(FLAC_BLOCK, 2);
  // Sample rate (20 bits), channels − 1 (3), bits per sample − 1 (5), total samples (36); then an unknown MD5.
  info.writeUInt32BE(((FLAC_RATE << 12) | (0 << 9) | (15 << 4) | Math.floor(total / 2 ** 32)) >>> 0, 10);
  info.writeUInt32BE(total >>> 0, 14);
  const vendor = Buffer.from('tests');
  const entries = comments.map(([key, value]) => Buffer.from(`${key}=${value}`, 'utf8'));
  const comment = Buffer.concat([le32(vendor.length), vendor, le32(entries.length), ...entries.flatMap((entry) => [le32(entry.length), entry])]);
  const frames: Buffer[] = [];
  for (let start = 0, number = 0; start < total; start += FLAC_BLOCK, number += 1) {
    const size = Math.min(FLAC_BLOCK, total - start);
    // Fixed block size, a 16-bit block size after the header, 22.05 kHz, mono, 16 bits; frame numbers stay below 128.
    const header = Buffer.from([0xff, 0xf8, 0x76, 0x08, number, (size - 1) >> 8, (size - 1) & 0xff]);
    const samples = Buffer.alloc(1 + size * 2);
    samples[0] = 0x02; // a VERBATIM subframe
    for (let i = 0; i < size; i += 1) samples.writeInt16BE(Math.round(Math.sin((2 * Math.PI * frequency * (start + i)) / FLAC_RATE) * 8000), 1 + i * 2);
    const frame = Buffer.concat([header, Buffer.from([crc8(header)]), samples]);
    const footer = Buffer.alloc(2);
    footer.writeUInt16BE(crc16(frame), 0);
    frames.push(frame, footer);
  }
  return Buffer.concat([Buffer.from('fLaC'), metadataBlock(0, false, info), metadataBlock(4, true, comment), ...frames]);
}

/** Ogg's page checksum: CRC-32 with polynomial 0x04C11DB7, unreflected, starting at 0. */
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** One Ogg page of whole packets (each under 255 bytes), its checksum filled in. */
function oggPage(flags: number, granule: number, sequence: number, packets: Buffer[]): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = flags;
  header.writeBigUInt64LE(BigInt(granule), 6);
  header.writeUInt32LE(0x5eed, 14);
  header.writeUInt32LE(sequence, 18);
  header[26] = packets.length;
  const page = Buffer.concat([header, Buffer.from(packets.map((packet) => packet.length)), ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

const OPUS_PRE_SKIP = 312;

/** An Ogg Opus file of `seconds` (at most 5) of silence, 20 ms a packet, with an OpusTags block of `comments`. */
export function silentOpus(seconds: number, comments: [string, string][]): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(OPUS_PRE_SKIP, 10);
  head.writeUInt32LE(48_000, 12);
  const vendor = Buffer.from('tests');
  const entries = comments.map(([key, value]) => Buffer.from(`${key}=${value}`, 'utf8'));
  const tags = Buffer.concat([Buffer.from('OpusTags'), le32(vendor.length), vendor, le32(entries.length), ...entries.flatMap((entry) => [le32(entry.length), entry])]);
  // A CELT-only, full-band, 20 ms mono frame of silence.
  const packets = Array.from({ length: Math.round(seconds * 50) }, () => Buffer.from([0xf8, 0xff, 0xfe]));
  return Buffer.concat([
    oggPage(0x02, 0, 0, [head]),
    oggPage(0x00, 0, 1, [tags]),
    oggPage(0x04, OPUS_PRE_SKIP + Math.round(seconds * 48_000), 2, packets),
  ]);
}

const be32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value, 0);
  return bytes;
};

/** An MP4 box: its size, its four-letter type, its content. */
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([be32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
/** A full box: version 0 and no flags before the content. */
const fullBox = (type: string, ...content: Buffer[]) => box(type, Buffer.alloc(4), ...content);

const M4A_RATE = 44_100;

/**
 * An M4A (MPEG-4 audio) whose one AAC track says it lasts `seconds`, its iTunes tags `©nam`, `©ART`, `©alb`
 * from `tags`. Enough for a tag reader; the samples are not real AAC.
 */
export function taggedM4a(seconds: number, tags: { title?: string; artist?: string; album?: string }): Buffer {
  const duration = Math.round(seconds * M4A_RATE);
  // The headers below are written whole, their version and flags (zero) included.
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(M4A_RATE, 12);
  mvhd.writeUInt32BE(duration, 16);
  mvhd.writeUInt32BE(0x00010000, 20);
  mvhd.writeUInt16BE(0x0100, 24);
  mvhd.writeUInt32BE(2, 96);
  const tkhd = Buffer.alloc(84);
  tkhd[3] = 7;
  tkhd.writeUInt32BE(1, 12);
  tkhd.writeUInt32BE(duration, 20);
  tkhd.writeUInt16BE(0x0100, 36);
  const mdhd = Buffer.alloc(24);
  mdhd.writeUInt32BE(M4A_RATE, 12);
  mdhd.writeUInt32BE(duration, 16);
  mdhd.writeUInt16BE(0x55c4, 20);
  const handler = (kind: string) => fullBox('hdlr', Buffer.alloc(4), Buffer.from(kind, 'latin1'), Buffer.alloc(12), Buffer.from([0]));
  // An AudioSampleEntry: reserved, data reference 1, version 0, mono, 16 bits, the rate as 16.16.
  const entry = Buffer.alloc(28);
  entry.writeUInt16BE(1, 6);
  entry.writeUInt16BE(1, 16);
  entry.writeUInt16BE(16, 18);
  entry.writeUInt32BE(M4A_RATE * 65_536, 24);
  const stbl = box(
    'stbl',
    fullBox('stsd', be32(1), box('mp4a', entry)),
    fullBox('stts', be32(1), be32(Math.ceil(duration / 1024)), be32(1024)),
    fullBox('stsc', be32(0)),
    fullBox('stsz', be32(0), be32(0)),
    fullBox('stco', be32(0)),
  );
  const trak = box('trak', box('tkhd', tkhd), box('mdia', box('mdhd', mdhd), handler('soun'), box('minf', stbl)));
  const item = (name: string, value: string) => box(name, box('data', be32(1), Buffer.alloc(4), Buffer.from(value, 'utf8')));
  const items = [
    ...(tags.title ? [item('\u00a9nam', tags.title)] : []),
    ...(tags.artist ? [item('\u00a9ART', tags.artist)] : []),
    ...(tags.album ? [item('\u00a9alb', tags.album)] : []),
  ];
  const udta = box('udta', fullBox('meta', handler('mdir'), box('ilst', ...items)));
  const ftyp = box('ftyp', Buffer.from('M4A ', 'latin1'), be32(0), Buffer.from('M4A mp42isom', 'latin1'));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), trak, udta), box('mdat', Buffer.alloc(256))]);
}
