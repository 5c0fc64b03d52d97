import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../atomicFile';
import { dependencyFault } from '../faults';

export interface ResizedImageCacheOptions {
  /** The folder the renditions are kept in (created on first use); nothing else should live there. */
  dir: string;
  /** The folder never holds more than this many bytes: the least recently used renditions go first. */
  maxBytes: number;
  /** Renditions made at once; more wait their turn, so a burst of first requests cannot take every core. */
  maxConcurrentRenders?: number;
}

interface Entry {
  size: number;
}

/**
 * Resized images (music covers, width variants of media) made once and kept on disk. Each rendition is
 * named by a key that says everything it depends on (source version, size, format), so a cached file
 * never needs checking against its source. The folder is bounded: after a write pushes it past
 * `maxBytes`, the least recently used renditions are deleted. A key asked for twice at once is made once.
 */
export class ResizedImageCache {
  /** Known renditions, least recently used first (a Map keeps insertion order; a hit moves its key last). */
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Buffer>>();
  private total = 0;
  private loaded: Promise<void> | undefined;
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly options: ResizedImageCacheOptions) {}

  /** The bytes of the rendition `key`; `render` is called only when it is not on disk yet. */
  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const name = fileNameOf(key);
    const known = this.pending.get(name);
    if (known) return known;
    const work = this.read(name, render).finally(() => this.pending.delete(name));
    this.pending.set(name, work);
    return work;
  }

  /** Bytes held on disk now (as this instance knows it). */
  async size(): Promise<number> {
    await this.load();
    return this.total;
  }

  private async read(name: string, render: () => Promise<Buffer>): Promise<Buffer> {
    await this.load();
    const file = path.join(this.options.dir, name);
    // Looked for on disk even when unknown: another instance sharing the folder may have made it since this
    // one listed the folder.
    try {
      const bytes = await fs.readFile(file);
      this.touch(name, bytes.length);
      return bytes;
    } catch (error) {
      // Not made yet, or deleted behind our back (another instance evicted it, someone cleared the folder).
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.forget(name);
    }
    const bytes = await this.limited(render);
    // One rendition larger than the whole cache is served but not kept.
    if (bytes.length > this.options.maxBytes) return bytes;
    try {
      await fs.mkdir(this.options.dir, { recursive: true });
      await writeFileAtomically(file, bytes);
    } catch (error) {
      // A cache that cannot be written (a full disk, a temporary file another instance starting on the same
      // folder swept away) still serves what it rendered.
      if (dependencyFault(error) === 'diskFull' || (error as NodeJS.ErrnoException).code === 'ENOENT') return bytes;
      throw error;
    }
    this.touch(name, bytes.length);
    await this.evict(name);
    return bytes;
  }

  /** Reads what an earlier run left in the folder, oldest first, and trims it to the bound. */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      let names: string[];
      try {
        names = await fs.readdir(this.options.dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      const found: { name: string; size: number; time: number }[] = [];
      for (const name of names) {
        const file = path.join(this.options.dir, name);
        // A write cut short by a crash leaves a temporary file nobody will rename.
        if (name.endsWith('.tmp')) {
          await fs.rm(file, { force: true });
          continue;
        }
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat?.isFile()) found.push({ name, size: stat.size, time: stat.mtimeMs });
      }
      found.sort((a, b) => a.time - b.time);
      for (const { name, size } of found) this.touch(name, size);
      await this.evict();
    })();
    return this.loaded;
  }

  private touch(name: string, size: number): void {
    const previous = this.entries.get(name);
    if (previous) {
      this.total -= previous.size;
      this.entries.delete(name);
    }
    this.entries.set(name, { size });
    this.total += size;
  }

  private forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.total -= entry.size;
    this.entries.delete(name);
  }

  /** Deletes the least recently used renditions until the folder is within its bound; `keep` stays. */
  private async evict(keep?: string): Promise<void> {
    for (const [name] of this.entries) {
      if (this.total <= this.options.maxBytes) return;
      if (name === keep) continue;
      this.forget(name);
      await fs.rm(path.join(this.options.dir, name), { force: true });
    }
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    const limit = this.options.maxConcurrentRenders ?? 2;
    // A finished render hands its slot straight to the next in line, so the count never overshoots.
    if (this.running >= limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** A key as a file name: safe characters kept, anything else replaced, and a short hash so two keys never collide. */
function fileNameOf(key: string): string {
  const readable = key.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_').slice(0, 120);
  if (readable === key) return key;
  return `${readable}~${crypto.createHash('sha256').update(key).digest('hex').slice(0, 10)}`;
}
