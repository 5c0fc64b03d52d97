/**
 * Stands in for `reflect-metadata/lite` (aliased in vite.config.ts), which inversify's container imports
 * for its side effect. This code base binds without decorators (ARCHITECTURE.md §4), so inversify only
 * ever calls `Reflect.getOwnMetadata` and `Reflect.defineMetadata` (its binding ids, the class metadata
 * it looks up and never finds); the full polyfill cost 2.2 kB of every page's first load.
 */
type Key = string | symbol;
type Metadata = Map<Key | undefined, Map<unknown, unknown>>;

const store = new WeakMap<object, Metadata>();

/** The two functions, possibly absent: this module runs before anything defines them. */
const reflect = Reflect as unknown as {
  getOwnMetadata?: (key: unknown, target: object, property?: Key) => unknown;
  defineMetadata?: (key: unknown, value: unknown, target: object, property?: Key) => void;
};

reflect.getOwnMetadata ??= (key, target, property) => store.get(target)?.get(property)?.get(key);

reflect.defineMetadata ??= (key, value, target, property) => {
  const byProperty: Metadata = store.get(target) ?? new Map();
  store.set(target, byProperty);
  const entries = byProperty.get(property) ?? new Map<unknown, unknown>();
  byProperty.set(property, entries);
  entries.set(key, value);
};

export {};
