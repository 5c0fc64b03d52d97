import type { Readable } from 'node:stream';

/** What a store knows of one object without reading it. */
export interface StoredObjectInfo {
  size: number;
  /** Changes whenever the bytes do (quoted, as an HTTP ETag). */
  etag: string;
  lastModified: Date;
}

export interface ListedObject extends StoredObjectInfo {
  /** '/'-separated key inside the store. */
  key: string;
}

/** Inclusive byte positions, as in an HTTP Range header; `end` is at most size - 1. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Objects named by '/'-separated keys: a folder on disk or an S3-compatible bucket. Keys never start with '/'
 * and never hold '..'; callers build them from names they listed or made themselves.
 */
export interface ObjectStore {
  /** Writes the whole object at once: a reader sees the old bytes or the new, never half. */
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  /** The bytes (of `range` only, when given) and what the store knows of the whole object; undefined when absent. */
  get(key: string, range?: ByteRange): Promise<{ body: Readable; info: StoredObjectInfo } | undefined>;
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<ListedObject[]>;
  /** The same objects a page at a time (in no promised order), so a large store is never listed whole in memory. */
  listPages?(prefix: string): AsyncIterable<ListedObject[]>;
  /** Removes the object; an absent one is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store answers (the readiness check); rejects with the reason otherwise. */
  ping(): Promise<void>;
}

/** The site's media: objects named by their content, served under `/media/`. */
export interface MediaStore extends ObjectStore {
  /** Stores bytes under a content-derived name and returns the public URL (`/media/…`). */
  save(bytes: Buffer, extension: string): Promise<string>;
  /** Copies a local file in (same naming) and returns its public URL. */
  importFile(filePath: string): Promise<string>;
}

/** The objects of `store` under `prefix`, a page at a time when the store can, else in one page. */
export async function* pagesOf(store: ObjectStore, prefix: string): AsyncIterable<ListedObject[]> {
  if (store.listPages) yield* store.listPages(prefix);
  else yield await store.list(prefix);
}
