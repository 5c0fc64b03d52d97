/**
 * Stands in for `reflect-metadata/lite` in the browser build (aliased in vite.config.ts), which inversify's
 * container imports for its side effect. This code base binds without decorators (ARCHITECTURE.md §4), so
 * inversify only ever calls `Reflect.getOwnMetadata` and `Reflect.defineMetadata` (its binding ids, and the
 * class metadata it looks up and never finds); the full polyfill cost 2.2 kB of every page's first load.
 */
type Key = string | symbol;

export interface MetadataFunctions {
  getOwnMetadata?: (key: unknown, target: object, property?: Key) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: object, property?: Key) => void;
}

/** Adds the two functions to `reflect` where they are missing (a full polyfill loaded first wins). */
export function installMetadataFunctions(reflect: MetadataFunctions): void {
  const store = new WeakMap<object, Map<Key | undefined, Map<unknown, unknown>>>();
  reflect.getOwnMetadata ??= (key, target, property) => store.get(target)?.get(property)?.get(key);
  reflect.defineMetadata ??= (key, value, target, property) => {
    const byProperty = store.get(target) ?? new Map<Key | undefined, Map<unknown, unknown>>();
    store.set(target, byProperty);
    const entries = byProperty.get(property) ?? new Map<unknown, unknown>();
    byProperty.set(property, entries);
    entries.set(key, value);
  };
}

installMetadataFunctions(Reflect as unknown as MetadataFunctions);
