import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import crypto from 'node:crypto';
import type { ByteRange, ListedObject, ObjectStore, StoredObjectInfo } from '../../ports/mediaStore';
import { writeFileAtomically } from '../atomicFile';

/** A key that stays inside the folder: no absolute path, no '..', no empty or hidden segment. */
export function isSafeKey(key: string): boolean {
  return (
    key !== '' &&
    key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..' && !segment.includes('\\'))
  );
}

/** Objects per page of `listPages`. */
const LIST_PAGE = 1000;

function infoOf(stat: fs.Stats): StoredObjectInfo {
  // The same tag @fastify/send gives a file: size and modification time.
  return {
    size: stat.size,
    etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    lastModified: stat.mtime,
  };
}

/** Objects as files under one folder: the key is the '/'-separated path inside it. */
export class LocalObjectStore implements ObjectStore {
  constructor(readonly root: string) {}

  private file(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe object key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    if (Buffer.isBuffer(body)) return writeFileAtomically(target, body);
    const temporary = `${target}.${crypto.randomUUID()}.tmp`;
    try {
      await pipeline(body, fs.createWriteStream(temporary));
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<{ body: Readable; info: StoredObjectInfo } | undefined> {
    const info = await this.stat(key);
    if (!info) return undefined;
    const body = fs.createReadStream(this.file(key), range ? { start: range.start, end: range.end } : {});
    return { body, info };
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    const stat = await fsp.stat(this.file(key)).catch(() => undefined);
    return stat?.isFile() ? infoOf(stat) : undefined;
  }

  async list(prefix: string): Promise<ListedObject[]> {
    const found: ListedObject[] = [];
    for await (const page of this.listPages(prefix)) found.push(...page);
    return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Pages of at most LIST_PAGE objects, folder by folder. */
  async *listPages(prefix: string): AsyncIterable<ListedObject[]> {
    let page: ListedObject[] = [];
    const root = this.root;
    async function* walk(relative: string): AsyncGenerator<ListedObject[]> {
      const entries = await fsp.readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        // Hidden entries and writes in progress are not objects.
        if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
        const key = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* walk(key);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          const stat = await fsp.stat(path.join(root, key)).catch(() => undefined);
          if (stat) page.push({ key, ...infoOf(stat) });
          if (page.length >= LIST_PAGE) {
            yield page;
            page = [];
          }
        }
      }
    }
    yield* walk('');
    if (page.length > 0) yield page;
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async ping(): Promise<void> {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.R_OK | fs.constants.W_OK);
  }
}
