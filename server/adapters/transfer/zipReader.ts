import fs from 'node:fs/promises';
import path from 'node:path';
import { Inflate } from 'fflate';
import * as zhCN from '../../../src/i18n/zh-CN';
import { AppError } from '../../domain/errors';
import { entryPath, isSkippedEntry, quotedEntryName, unsafeEntryName } from '../../domain/transfer/zipEntries';

const text = zhCN.consoleTransfer.server;

/*
 * Unpacks an uploaded zip into a folder of our own, refusing before anything is written: a file that is no
 * zip (by its bytes), an empty or damaged one, encrypted entries, a name that leads out of the folder, a
 * symbolic link, too many files or too many bytes once unpacked. The central directory (at the end of the
 * file) is what is trusted for names, kinds and sizes; each entry's bytes are inflated with fflate in small
 * pieces and counted as they come, so an entry that inflates past the size it declared (a zip bomb with a
 * lying header) is stopped at that size, and its CRC-32 checked.
 */

export interface ZipLimits {
  /** Files unpacked, at most. */
  maxFiles: number;
  /** Bytes unpacked, in all, at most. */
  maxBytes: number;
}

interface CentralEntry {
  /** The name as stored (refusals quote it). */
  name: string;
  /** Where it is unpacked, relative to the folder. */
  path: string;
  directory: boolean;
  symlink: boolean;
  encrypted: boolean;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localHeader: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** A zip's central directory may list more entries than it unpacks (skipped folders), but not without end. */
const MAX_CENTRAL_ENTRIES = 200_000;
/** Compressed bytes read at a time: deflate expands at most ~1032 times, so an inflated piece stays small. */
const READ_CHUNK = 16 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

const damaged = () => new AppError('invalid', text.damagedZip);

/** Refuses a file that is not a zip by its first bytes: a local header, or the end record of an empty zip. */
async function checkMagic(handle: fs.FileHandle): Promise<void> {
  const head = Buffer.alloc(4);
  const { bytesRead } = await handle.read(head, 0, 4, 0);
  const signature = bytesRead === 4 ? head.readUInt32LE(0) : -1;
  if (signature !== LOCAL && signature !== EOCD) throw new AppError('invalid', text.notAZip);
}

async function readAt(handle: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  if (bytesRead !== length) throw damaged();
  return buffer;
}

/** The central directory's place and length, from the end record (ZIP64 when the counts overflow). */
async function findCentralDirectory(
  handle: fs.FileHandle,
  fileSize: number,
): Promise<{ offset: number; size: number; count: number }> {
  const tailLength = Math.min(fileSize, 0xffff + 22);
  const tail = await readAt(handle, fileSize - tailLength, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw damaged();
  const disk = tail.readUInt16LE(at + 4);
  let count = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locatorAt = fileSize - tailLength + at - 20;
    if (locatorAt < 0) throw damaged();
    const locator = await readAt(handle, locatorAt, 20);
    if (locator.readUInt32LE(0) !== ZIP64_LOCATOR) throw damaged();
    const record = await readAt(handle, Number(locator.readBigUInt64LE(8)), 56);
    if (record.readUInt32LE(0) !== ZIP64_EOCD) throw damaged();
    count = Number(record.readBigUInt64LE(32));
    size = Number(record.readBigUInt64LE(40));
    offset = Number(record.readBigUInt64LE(48));
  }
  // Archives spanning several files are not something a browser uploads.
  if (disk !== 0 || offset + size > fileSize) throw damaged();
  return { offset, size, count };
}

/** Names carry the UTF-8 flag, or are UTF-8 anyway, or else are in the code page of Chinese Windows (GBK). */
function decodeName(bytes: Buffer, utf8Flag: boolean): string {
  if (utf8Flag) return bytes.toString('utf8');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}

/** Sizes and offset that overflowed 32 bits, from the ZIP64 extra field (only those present, in this order). */
function zip64Values(extra: Buffer, wanted: { size: boolean; compressedSize: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = () => {
        if (field + 8 > at + 4 + length) throw damaged();
        const value = Number(extra.readBigUInt64LE(field));
        field += 8;
        return value;
      };
      return {
        size: wanted.size ? next() : undefined,
        compressedSize: wanted.compressedSize ? next() : undefined,
        offset: wanted.offset ? next() : undefined,
      };
    }
    at += 4 + length;
  }
  throw damaged();
}

function parseCentralDirectory(directory: Buffer, count: number): CentralEntry[] {
  const entries: CentralEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL) throw damaged();
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const end = at + 46 + nameLength + extraLength + commentLength;
    if (end > directory.length) throw damaged();
    const name = decodeName(directory.subarray(at + 46, at + 46 + nameLength), (flags & 0x800) !== 0);
    let size = directory.readUInt32LE(at + 24);
    let compressedSize = directory.readUInt32LE(at + 20);
    let localHeader = directory.readUInt32LE(at + 42);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localHeader === 0xffffffff) {
      const wide = zip64Values(directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength), {
        size: size === 0xffffffff,
        compressedSize: compressedSize === 0xffffffff,
        offset: localHeader === 0xffffffff,
      });
      size = wide.size ?? size;
      compressedSize = wide.compressedSize ?? compressedSize;
      localHeader = wide.offset ?? localHeader;
    }
    // The Unix file type sits in the high half of the external attributes (zero when the tool wrote none).
    const mode = directory.readUInt32LE(at + 38) >>> 16;
    if (unsafeEntryName(name)) throw new AppError('invalid', text.unsafePath(quotedEntryName(name)));
    entries.push({
      name,
      path: entryPath(name),
      directory: /[\\/]$/.test(name) || (mode & S_IFMT) === S_IFDIR,
      symlink: (mode & S_IFMT) === S_IFLNK,
      encrypted: (flags & 0x1) !== 0,
      method: directory.readUInt16LE(at + 10),
      crc: directory.readUInt32LE(at + 16),
      compressedSize,
      size,
      localHeader,
    });
    at = end;
  }
  return entries;
}

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(crc: number, bytes: Uint8Array): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i += 1) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** Inflates (or copies) one entry into `target`, counting every byte against its declared size. */
async function unpackEntry(
  handle: fs.FileHandle,
  fileSize: number,
  entry: CentralEntry,
  target: string,
  spend: (bytes: number) => void,
) {
  const local = await readAt(handle, entry.localHeader, 30);
  if (local.readUInt32LE(0) !== LOCAL) throw damaged();
  const start = entry.localHeader + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > fileSize) throw damaged();
  if (entry.method === STORED && entry.compressedSize !== entry.size) throw damaged();

  await fs.mkdir(path.dirname(target), { recursive: true });
  const output = await fs.open(target, 'w');
  try {
    let written = 0;
    let crc = 0;
    let pending: Uint8Array[] = [];
    const accept = (piece: Uint8Array) => {
      written += piece.length;
      // Past its declared size the entry lied: stop before writing a byte more.
      if (written > entry.size) throw damaged();
      spend(piece.length);
      crc = crc32(crc, piece);
      pending.push(piece);
    };
    const inflate = entry.method === DEFLATED ? new Inflate((piece) => accept(piece)) : undefined;
    const buffer = Buffer.alloc(READ_CHUNK);
    for (let done = 0; done < entry.compressedSize || (done === 0 && inflate);) {
      const length = Math.min(READ_CHUNK, entry.compressedSize - done);
      const { bytesRead } = await handle.read(buffer, 0, length, start + done);
      if (bytesRead !== length) throw damaged();
      done += length;
      const piece = buffer.subarray(0, length);
      const final = done === entry.compressedSize;
      if (inflate) {
        try {
          inflate.push(piece, final);
        } catch (error) {
          throw error instanceof AppError ? error : damaged();
        }
      } else {
        accept(Buffer.from(piece));
      }
      for (const chunk of pending) await output.write(chunk);
      pending = [];
      if (final) break;
    }
    if (written !== entry.size || crc !== entry.crc) throw damaged();
  } finally {
    await output.close();
  }
}

/**
 * Unpacks the zip at `file` into `folder` (which must be empty and ours), leaving out tools' folders and
 * operating systems' droppings; answers the unpacked files' paths. Throws AppError('invalid') naming
 * the first problem; what was unpacked before it is left for the caller to remove with the folder.
 */
export async function unpackZip(file: string, folder: string, limits: ZipLimits): Promise<string[]> {
  const handle = await fs.open(file, 'r');
  try {
    await checkMagic(handle);
    const { size: fileSize } = await handle.stat();
    const { offset, size, count } = await findCentralDirectory(handle, fileSize);
    if (count === 0) throw new AppError('invalid', text.emptyZip);
    if (count > MAX_CENTRAL_ENTRIES) throw new AppError('invalid', text.tooManyFiles(limits.maxFiles));
    const entries = parseCentralDirectory(await readAt(handle, offset, size), count);
    const files = entries.filter((entry) => !entry.directory && entry.path !== '' && !isSkippedEntry(entry.path));
    if (files.length === 0) throw new AppError('invalid', text.emptyZip);
    for (const entry of files) {
      // A link unpacked would let a post read whatever it points at; one inside a skipped folder
      // (node_modules/.bin) is never unpacked.
      if (entry.symlink) throw new AppError('invalid', text.symlink(quotedEntryName(entry.name)));
      if (entry.encrypted) throw new AppError('invalid', text.encrypted);
      if (entry.method !== STORED && entry.method !== DEFLATED)
        throw new AppError('invalid', text.unsupportedCompression);
    }
    if (files.length > limits.maxFiles) throw new AppError('invalid', text.tooManyFiles(limits.maxFiles));
    const tooLarge = new AppError('invalid', text.tooLarge(Math.round(limits.maxBytes / (1024 * 1024))));
    if (files.reduce((total, entry) => total + entry.size, 0) > limits.maxBytes) throw tooLarge;

    let spent = 0;
    const spend = (bytes: number) => {
      spent += bytes;
      if (spent > limits.maxBytes) throw tooLarge;
    };
    const written = new Set<string>();
    for (const entry of files) {
      const target = path.join(folder, ...entry.path.split('/'));
      try {
        await unpackEntry(handle, fileSize, entry, target, spend);
      } catch (error) {
        // A file where a folder must go (or the reverse): two entries that cannot both exist.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') throw damaged();
        throw error;
      }
      written.add(entry.path);
    }
    return [...written];
  } finally {
    await handle.close();
  }
}
