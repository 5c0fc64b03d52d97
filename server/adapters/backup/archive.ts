import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/*
 * The backup archive: one gzip stream holding
 *
 *   MAGIC                                       16 bytes, "TINGYU-BACKUP-1\n"
 *   entry*                                      the data
 *   entry "manifest.json"                       the last entry: version, counts, checksums of every entry
 *
 * where an entry is a 4-byte big-endian length, that many bytes of JSON `{ "name", "size" }`, then `size`
 * bytes of content. The manifest comes last because it holds the SHA-256 of every entry, known only once
 * they are written; the magic comes first so a foreign file is refused at its first bytes. Entry names
 * are relative '/'-separated paths: `database/…`, `media/…`, `music/…`.
 */

export const MAGIC = Buffer.from('TINGYU-BACKUP-1\n', 'latin1');
export const MANIFEST_ENTRY = 'manifest.json';
const MAX_HEADER = 64 * 1024;

export interface EntrySummary {
  name: string;
  size: number;
  sha256: string;
}

/** Why an archive is refused: `foreign` (not a backup of this site), `damaged` (truncated or altered). */
export class ArchiveProblem extends Error {
  constructor(
    readonly kind: 'foreign' | 'damaged',
    message: string,
  ) {
    super(message);
  }
}

/** A safe relative path inside the archive: no absolute paths, no `..`, no empty or hidden-dot segments. */
export function isSafeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 1024 || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

async function write(stream: Writable, chunk: Buffer): Promise<void> {
  // A failed destination (a full disk) destroys the stream: its error, not a wait for a drain that never comes.
  if (stream.destroyed) throw stream.errored ?? new Error('archive stream closed');
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * Writes an archive to a file (through `file.partial` and a rename: a half-written archive never has the
 * name), or into a stream (a download), which is ended when the archive is complete.
 */
export class ArchiveWriter {
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly output: Writable;
  private readonly file: string | undefined;
  private readonly done: Promise<void>;
  readonly entries: EntrySummary[] = [];

  constructor(target: string | Writable) {
    this.file = typeof target === 'string' ? target : undefined;
    this.output = typeof target === 'string' ? fs.createWriteStream(`${target}.partial`) : target;
    this.gzip.pipe(this.output);
    this.done = new Promise((resolve, reject) => {
      // A file is complete once closed (then synced and renamed), a stream once it has taken the last byte.
      this.output.on(this.file === undefined ? 'finish' : 'close', resolve);
      this.output.on('error', reject);
      this.gzip.on('error', reject);
    });
    // The writes go to the gzip stream: a failed file (a full disk) must fail them too, and so must a
    // stream closed before the end (a cancelled download).
    this.output.on('error', (error) => this.gzip.destroy(error));
    this.output.on('close', () => {
      if (!this.gzip.destroyed && !this.gzip.readableEnded) this.gzip.destroy(new Error('archive stream closed'));
    });
    // Awaited by finish(); a backup that fails earlier reports the error where it met it.
    this.done.catch(() => undefined);
  }

  async start(): Promise<void> {
    await write(this.gzip, MAGIC);
  }

  private async header(name: string, size: number): Promise<void> {
    if (!isSafeEntryName(name)) throw new Error(`unsafe entry name ${name}`);
    const json = Buffer.from(JSON.stringify({ name, size }), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    await write(this.gzip, Buffer.concat([length, json]));
  }

  async addBuffer(name: string, bytes: Buffer): Promise<EntrySummary> {
    await this.header(name, bytes.length);
    await write(this.gzip, bytes);
    const entry = { name, size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
    if (name !== MANIFEST_ENTRY) this.entries.push(entry);
    return entry;
  }

  /** Streams an object of `size` bytes (from a bucket); one that turns out longer or shorter fails the backup. */
  async addStream(name: string, size: number, body: AsyncIterable<Buffer>, onBytes?: (n: number) => void): Promise<EntrySummary> {
    await this.header(name, size);
    const hash = crypto.createHash('sha256');
    let written = 0;
    for await (const chunk of body) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was backed up`);
      hash.update(chunk);
      await write(this.gzip, chunk);
      onBytes?.(chunk.length);
    }
    if (written !== size) throw new Error(`${name} shrank while it was backed up`);
    const entry = { name, size, sha256: hash.digest('hex') };
    this.entries.push(entry);
    return entry;
  }

  /** Streams a file of the size it has now; a file that grows or shrinks meanwhile fails the backup. */
  async addFile(name: string, filePath: string, onBytes?: (n: number) => void): Promise<EntrySummary> {
    const handle = await fs.promises.open(filePath, 'r');
    try {
      const { size } = await handle.stat();
      await this.header(name, size);
      const hash = crypto.createHash('sha256');
      const buffer = Buffer.alloc(Math.min(1024 * 1024, Math.max(1, size)));
      let position = 0;
      while (position < size) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position);
        if (bytesRead === 0) throw new Error(`${filePath} shrank while it was backed up`);
        const chunk = Buffer.from(buffer.subarray(0, bytesRead));
        hash.update(chunk);
        await write(this.gzip, chunk);
        position += bytesRead;
        onBytes?.(bytesRead);
      }
      const entry = { name, size, sha256: hash.digest('hex') };
      this.entries.push(entry);
      return entry;
    } finally {
      await handle.close();
    }
  }

  /** Writes the manifest as the last entry, flushes to disk and gives the archive its name. */
  async finish(manifest: object): Promise<void> {
    await this.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2), 'utf8'));
    this.gzip.end();
    await this.done;
    if (this.file === undefined) return;
    const fd = await fs.promises.open(`${this.file}.partial`, 'r+');
    await fd.sync();
    await fd.close();
    await fs.promises.rename(`${this.file}.partial`, this.file);
  }

  /** Leaves nothing behind after a failure. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    this.output.destroy();
    if (this.file !== undefined) await fs.promises.rm(`${this.file}.partial`, { force: true });
  }
}

/** Pulls exact byte counts out of a stream. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private readonly iterator: AsyncIterator<Buffer>;
  private ended = false;

  constructor(stream: Readable) {
    this.iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) this.ended = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  /** Exactly `n` bytes, or undefined at the very end of the stream; a partial read is damage. */
  async read(n: number): Promise<Buffer | undefined> {
    if (n === 0) return Buffer.alloc(0);
    if (!(await this.fill(n))) {
      if (this.length === 0) return undefined;
      throw new ArchiveProblem('damaged', 'truncated');
    }
    return this.take(n);
  }

  /** `n` bytes in chunks of up to 1 MiB. */
  async *chunks(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.length === 0 && !(await this.fill(1))) throw new ArchiveProblem('damaged', 'truncated');
      const size = Math.min(left, this.length, 1024 * 1024);
      left -= size;
      yield this.take(size);
    }
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The content in chunks; must be consumed (or skipped with `drain`) before the next entry. */
  chunks: AsyncGenerator<Buffer>;
}

/**
 * Reads an archive entry by entry. Each entry's SHA-256 is computed as it is read and handed to
 * returned; the manifest (the last entry) is returned, and a byte after it is damage.
 */
export async function readArchive(
  file: string,
  onEntry: (entry: ArchiveEntry) => Promise<void>,
  /** Compressed bytes read so far, for a progress bar. */
  onRead?: (bytes: number) => void,
): Promise<{ manifestBytes: Buffer; entries: EntrySummary[] }> {
  const input = fs.createReadStream(file);
  let read = 0;
  if (onRead) {
    input.on('data', (chunk) => {
      read += chunk.length;
      onRead(read);
    });
  }
  const gunzip = zlib.createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  const source = input.pipe(gunzip);
  const reader = new ByteReader(source);
  const entries: EntrySummary[] = [];
  try {
    let magic: Buffer | undefined;
    try {
      magic = await reader.read(MAGIC.length);
    } catch (error) {
      throw error instanceof ArchiveProblem ? new ArchiveProblem('foreign', 'no magic') : foreignOrDamaged(error, true);
    }
    if (!magic || !magic.equals(MAGIC)) throw new ArchiveProblem('foreign', 'no magic');
    for (;;) {
      const lengthBytes = await reader.read(4);
      if (!lengthBytes) throw new ArchiveProblem('damaged', 'no manifest');
      const length = lengthBytes.readUInt32BE(0);
      if (length > MAX_HEADER) throw new ArchiveProblem('damaged', 'header too long');
      const headerBytes = await reader.read(length);
      let header: { name?: unknown; size?: unknown };
      try {
        header = JSON.parse(headerBytes?.toString('utf8') ?? '') as typeof header;
      } catch {
        throw new ArchiveProblem('damaged', 'bad header');
      }
      const { name, size } = header;
      if (typeof name !== 'string' || !isSafeEntryName(name) || typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) {
        throw new ArchiveProblem('damaged', 'bad header');
      }
      if (name === MANIFEST_ENTRY) {
        const manifestBytes = Buffer.alloc(size);
        let at = 0;
        for await (const chunk of reader.chunks(size)) {
          chunk.copy(manifestBytes, at);
          at += chunk.length;
        }
        if ((await reader.read(1)) !== undefined) throw new ArchiveProblem('damaged', 'data after the manifest');
        return { manifestBytes, entries };
      }
      const hash = crypto.createHash('sha256');
      let seen = 0;
      const hashed = (async function* () {
        for await (const chunk of reader.chunks(size)) {
          hash.update(chunk);
          seen += chunk.length;
          yield chunk;
        }
      })();
      await onEntry({ name, size, chunks: hashed });
      // Whatever the consumer left unread is read (and hashed) here.
      for await (const chunk of hashed) void chunk;
      if (seen !== size) throw new ArchiveProblem('damaged', 'short entry');
      entries.push({ name, size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    throw foreignOrDamaged(error, false);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

/** zlib's errors mean a damaged archive, or a foreign file when its very first bytes are not gzip. */
function foreignOrDamaged(error: unknown, atStart: boolean): unknown {
  if (error instanceof ArchiveProblem) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new ArchiveProblem(atStart && code === 'Z_DATA_ERROR' ? 'foreign' : 'damaged', String(error));
  }
  return error;
}
