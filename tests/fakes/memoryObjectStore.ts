import { Readable } from 'node:stream';
import type { ListedObject, ObjectStore } from '../../server/ports/mediaStore';

/** Objects in a Map, each with the time it was written; `deleted` records every delete asked. */
export class MemoryObjectStore implements ObjectStore {
  readonly objects = new Map<string, { bytes: Buffer; lastModified: Date }>();
  readonly deleted: string[] = [];

  /** Puts `key` as if written at `lastModified`. */
  add(key: string, bytes: Buffer | string, lastModified: Date): void {
    this.objects.set(key, { bytes: Buffer.from(bytes), lastModified });
  }

  keys(): string[] {
    return [...this.objects.keys()].sort();
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    this.objects.set(key, { bytes, lastModified: new Date() });
  }

  async get(key: string) {
    const found = this.objects.get(key);
    return found && { body: Readable.from([found.bytes]), info: this.info(found) };
  }

  async stat(key: string) {
    const found = this.objects.get(key);
    return found && this.info(found);
  }

  async list(prefix: string): Promise<ListedObject[]> {
    return this.keys()
      .filter((key) => key.startsWith(prefix))
      .map((key) => ({ key, ...this.info(this.objects.get(key)!) }));
  }

  async delete(key: string): Promise<void> {
    this.deleted.push(key);
    this.objects.delete(key);
  }

  async ping(): Promise<void> {}

  private info({ bytes, lastModified }: { bytes: Buffer; lastModified: Date }) {
    return { size: bytes.length, etag: `"${bytes.length}"`, lastModified };
  }
}
