import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pagesOf, type ByteRange, type MediaStore, type ObjectStore } from '../../ports/mediaStore';
import { LocalObjectStore } from '../storage/localObjectStore';

export const MEDIA_URL_PREFIX = '/media/';

/**
 * Media named by content hash, so re-imports never duplicate and URLs can be cached forever; the bytes live in
 * whichever object store is given (a folder, or a bucket under `media/`).
 */
export class ContentMediaStore implements MediaStore {
  constructor(readonly objects: ObjectStore) {}

  async save(bytes: Buffer, extension: string): Promise<string> {
    const ext = extension.replace(/^\./, '').toLowerCase();
    const name = `${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 24)}.${ext}`;
    // The same bytes are the same object: another instance may have stored them already.
    if (!(await this.objects.stat(name))) await this.objects.put(name, bytes, mediaType(name));
    return MEDIA_URL_PREFIX + name;
  }

  async importFile(filePath: string): Promise<string> {
    return this.save(await fs.readFile(filePath), path.extname(filePath));
  }

  put(key: string, body: Buffer | Readable, contentType?: string) {
    return this.objects.put(key, body, contentType ?? mediaType(key));
  }
  get(key: string, range?: ByteRange) {
    return this.objects.get(key, range);
  }
  stat(key: string) {
    return this.objects.stat(key);
  }
  list(prefix: string) {
    return this.objects.list(prefix);
  }
  listPages(prefix: string) {
    return pagesOf(this.objects, prefix);
  }
  delete(key: string) {
    return this.objects.delete(key);
  }
  ping() {
    return this.objects.ping();
  }
}

/** Today's media folder on local disk (DATA_DIR/media), the default. */
export class LocalMediaStore extends ContentMediaStore {
  constructor(readonly root: string) {
    super(new LocalObjectStore(root));
  }
}

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  lrc: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

/** The Content-Type a stored name is served with. */
export function mediaType(name: string): string {
  return MEDIA_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
