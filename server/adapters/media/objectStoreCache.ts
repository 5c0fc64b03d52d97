import { buffer } from 'node:stream/consumers';
import type { ObjectStore } from '../../ports/mediaStore';

/**
 * Renditions kept in an object store (the bucket, in s3 mode): made once by whichever instance is asked
 * first, then read by all. Keys say everything a rendition depends on, so a kept one is never stale; the
 * bucket is not bounded here (its owner's lifecycle rule may expire `variants/`).
 */
export class ObjectStoreCache {
  private readonly pending = new Map<string, Promise<Buffer>>();

  constructor(private readonly store: ObjectStore) {}

  get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const known = this.pending.get(key);
    if (known) return known;
    const work = this.read(key, render).finally(() => this.pending.delete(key));
    this.pending.set(key, work);
    return work;
  }

  private async read(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const found = await this.store.get(key);
    if (found) return buffer(found.body);
    const bytes = await render();
    await this.store.put(key, bytes, 'image/webp');
    return bytes;
  }
}
