import zlib from 'node:zlib';
import sharp from 'sharp';
import { zipSync, strToU8 } from 'fflate';

/*
 * Zips for the import's tests: well-formed ones made with fflate, and hand-made ones an honest zip tool
 * would never write (names leading out, links, sizes that lie).
 */

export interface RawEntry {
  name: string;
  /** The bytes as stored in the archive (deflated when `method` is 8). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** The size it declares once unpacked. */
  size: number;
  /** Unix mode (type and permissions) in the external attributes; a regular file by default. */
  mode?: number;
}

/** A file entry, deflated, declaring its true size and CRC. */
export function deflated(name: string, content: string | Buffer): RawEntry {
  const bytes = Buffer.from(content);
  return { name, data: zlib.deflateRawSync(bytes), method: 8, crc: zlib.crc32(bytes), size: bytes.length };
}

/** A zip written byte by byte from its entries: local headers, data, central directory, end record. */
export function rawZip(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x800, 8);
    header.writeUInt16LE(entry.method, 10);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    header.writeUInt32LE(offset, 42);
    parts.push(local, name, entry.data);
    central.push(header, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const MEGABYTE = Buffer.alloc(1024 * 1024);
let bomb: { data: Buffer; crc: number; size: number } | undefined;

/**
 * 1100 MB of zeros deflated to about a megabyte: a deflate stream of one megabyte, flushed so that it can
 * be repeated, 1100 times, then an empty final block. Made once per test file.
 */
export function zerosEntry(name: string, declaredSize?: number): RawEntry {
  if (!bomb) {
    const piece = zlib.deflateRawSync(MEGABYTE, { finishFlush: zlib.constants.Z_FULL_FLUSH });
    let crc = 0;
    for (let i = 0; i < 1100; i += 1) crc = zlib.crc32(MEGABYTE, crc);
    bomb = {
      data: Buffer.concat([...Array.from({ length: 1100 }, () => piece), Buffer.from([0x03, 0x00])]),
      crc,
      size: 1100 * MEGABYTE.length,
    };
  }
  return { name, data: bomb.data, method: 8, crc: bomb.crc, size: declaredSize ?? bomb.size };
}

export const tinyPng = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

/** A Hexo blog folder as a blogger zips it: the folder itself, its posts, drafts, a page, node_modules. */
export async function hexoZip(posts: Record<string, string>, top = 'myblog'): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {
    [`${top}/_config.yml`]: strToU8('title: 我的博客\n'),
    [`${top}/source/images/pic.png`]: await tinyPng(),
    [`${top}/source/_drafts/unfinished.md`]: strToU8('---\ntitle: 没写完的草稿\n---\n\n草稿。\n'),
    [`${top}/source/about/index.md`]: strToU8('---\ntitle: 关于\n---\n\n关于我。\n'),
    [`${top}/node_modules/hexo/README.md`]: strToU8('# hexo\n'),
  };
  for (const [name, body] of Object.entries(posts)) files[`${top}/source/_posts/${name}`] = strToU8(body);
  return Buffer.from(zipSync(files));
}

/** A Hexo post with front matter. */
export function hexoPost(title: string, body: string, extra = ''): string {
  return `---\ntitle: ${title}\ndate: 2024-03-05 10:20:30\ncategories: [导入]\ntags: [Hexo, 迁移]\n${extra}---\n\n${body}\n`;
}
