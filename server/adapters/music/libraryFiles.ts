import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { parseFile, parseStream, type IAudioMetadata, type IOptions } from 'music-metadata';
import type { ObjectStore } from '../../ports/mediaStore';
import { writeFileAtomically } from '../atomicFile';
import { LocalObjectStore } from '../storage/localObjectStore';
import type { RandomAccess } from './apeTag';

export interface LibraryEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}

export interface FileVersion {
  size: number;
  mtimeMs: number;
}

/**
 * The music library's files by '/'-separated keys, wherever they live: the local music folder (watched, with
 * real folders) or the `music/` prefix of a bucket (folders are prefixes; a console-made playlist exists by its
 * order file). Everything that reads or changes the library goes through this.
 */
export interface LibraryFiles {
  /** The objects, for serving audio with byte ranges. */
  readonly objects: ObjectStore;
  /** Whether a folder watcher can follow changes (local disk only). */
  readonly watchable: string | undefined;
  /** The visible entries of a folder ('' is the top); [] when it does not exist. */
  entries(folder: string): Promise<LibraryEntry[]>;
  stat(key: string): Promise<FileVersion | undefined>;
  read(key: string): Promise<Buffer>;
  randomAccess(key: string): Promise<RandomAccess>;
  metadata(key: string, options: IOptions): Promise<IAudioMetadata>;
  write(key: string, bytes: Buffer | Readable): Promise<void>;
  remove(key: string): Promise<void>;
  /** A file, or a folder with everything in it, under a new key. */
  rename(from: string, to: string): Promise<void>;
  removeFolder(folder: string): Promise<void>;
  makeFolder(folder: string): Promise<void>;
}

/** The music folder on local disk, as before: symbolic links and hidden entries are not part of it. */
export class FolderLibraryFiles implements LibraryFiles {
  readonly objects: LocalObjectStore;
  readonly watchable: string;

  constructor(readonly root: string) {
    this.objects = new LocalObjectStore(root);
    this.watchable = root;
  }

  private absolute(key: string): string {
    return path.join(this.root, ...key.split('/').filter(Boolean));
  }

  async entries(folder: string): Promise<LibraryEntry[]> {
    const found = await fs.readdir(this.absolute(folder), { withFileTypes: true }).catch(() => []);
    return found
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => ({ name: entry.name, isFile: entry.isFile(), isDirectory: entry.isDirectory() }));
  }

  async stat(key: string): Promise<FileVersion | undefined> {
    const stat = await fs.stat(this.absolute(key)).catch(() => undefined);
    return stat && { size: stat.size, mtimeMs: stat.mtimeMs };
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.absolute(key));
  }

  async randomAccess(key: string): Promise<RandomAccess> {
    const file = this.absolute(key);
    const { size } = await fs.stat(file);
    return {
      size,
      read: async (position, length) => {
        const handle = await fs.open(file, 'r');
        try {
          const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
          await handle.read(bytes, 0, bytes.length, position);
          return bytes;
        } finally {
          await handle.close();
        }
      },
    };
  }

  metadata(key: string, options: IOptions): Promise<IAudioMetadata> {
    return parseFile(this.absolute(key), options);
  }

  async write(key: string, bytes: Buffer | Readable): Promise<void> {
    if (Buffer.isBuffer(bytes)) return writeFileAtomically(this.absolute(key), bytes);
    return this.objects.put(key, bytes);
  }

  remove(key: string): Promise<void> {
    return fs.rm(this.absolute(key), { force: true });
  }

  rename(from: string, to: string): Promise<void> {
    return fs.rename(this.absolute(from), this.absolute(to));
  }

  removeFolder(folder: string): Promise<void> {
    return fs.rm(this.absolute(folder), { recursive: true, force: true });
  }

  async makeFolder(folder: string): Promise<void> {
    await fs.mkdir(this.absolute(folder));
  }
}

/** The library in an object store (a bucket's `music/` prefix): folders are key prefixes. */
export class StoreLibraryFiles implements LibraryFiles {
  readonly watchable = undefined;

  constructor(readonly objects: ObjectStore) {}

  async entries(folder: string): Promise<LibraryEntry[]> {
    const prefix = folder ? `${folder}/` : '';
    const found = new Map<string, LibraryEntry>();
    for (const { key } of await this.objects.list(prefix)) {
      const rest = key.slice(prefix.length);
      const slash = rest.indexOf('/');
      const name = slash < 0 ? rest : rest.slice(0, slash);
      if (!name || name.startsWith('.')) continue;
      if (slash < 0) found.set(name, { name, isFile: true, isDirectory: false });
      else if (!found.has(name)) found.set(name, { name, isFile: false, isDirectory: true });
    }
    return [...found.values()];
  }

  async stat(key: string): Promise<FileVersion | undefined> {
    const info = await this.objects.stat(key);
    return info && { size: info.size, mtimeMs: info.lastModified.getTime() };
  }

  async read(key: string): Promise<Buffer> {
    const found = await this.objects.get(key);
    if (!found) throw Object.assign(new Error(`no such object: ${key}`), { code: 'ENOENT' });
    return buffer(found.body);
  }

  async randomAccess(key: string): Promise<RandomAccess> {
    const info = await this.objects.stat(key);
    if (!info) throw Object.assign(new Error(`no such object: ${key}`), { code: 'ENOENT' });
    return {
      size: info.size,
      read: async (position, length) => {
        if (length <= 0 || position >= info.size) return Buffer.alloc(0);
        const found = await this.objects.get(key, { start: position, end: Math.min(position + length, info.size) - 1 });
        return found ? buffer(found.body) : Buffer.alloc(0);
      },
    };
  }

  async metadata(key: string, options: IOptions): Promise<IAudioMetadata> {
    const found = await this.objects.get(key);
    if (!found) throw Object.assign(new Error(`no such object: ${key}`), { code: 'ENOENT' });
    try {
      return await parseStream(found.body, { path: key, size: found.info.size }, options);
    } finally {
      // The parser stops at the headers when it can: the rest is not downloaded.
      found.body.destroy();
    }
  }

  write(key: string, bytes: Buffer | Readable): Promise<void> {
    return this.objects.put(key, bytes);
  }

  remove(key: string): Promise<void> {
    return this.objects.delete(key);
  }

  async rename(from: string, to: string): Promise<void> {
    const single = await this.objects.stat(from);
    const moves = single
      ? [[from, to]]
      : (await this.objects.list(`${from}/`)).map(({ key }) => [key, `${to}${key.slice(from.length)}`]);
    // Copied first, then deleted: a failure half-way leaves both, never neither.
    for (const [source, target] of moves) {
      const found = await this.objects.get(source!);
      if (found) await this.objects.put(target!, found.body);
    }
    for (const [source] of moves) await this.objects.delete(source!);
  }

  async removeFolder(folder: string): Promise<void> {
    for (const { key } of await this.objects.list(`${folder}/`)) await this.objects.delete(key);
  }

  async makeFolder(): Promise<void> {
    // A prefix exists by its objects: the order file the console writes next makes the folder.
  }
}
