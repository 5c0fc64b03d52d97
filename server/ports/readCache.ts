import type { ReadTopic } from '../domain/hotReads';

/** Told of every write that changes what a hot read shows (here and, through it, on other instances). */
export interface ChangeNotifier {
  changed(topics: readonly ReadTopic[]): void;
}

/** Tells no one: services used without a cache (command-line tools, some tests). */
export const ignoreChanges: ChangeNotifier = { changed: () => undefined };

/**
 * Answers of hot reads kept in memory, ready to send, until a write changes one of the topics they show.
 * `changed` drops them here and tells the other instances, if there are any.
 */
export interface ReadCache<V> extends ChangeNotifier {
  /** The answer kept under `key` if there is a fresh one: the fast path, with no promise. */
  peek(key: string): V | undefined;
  /**
   * The answer kept under `key`, or else `compute`'s, which is kept unless one of `topics` changed while
   * it ran (it may have read the data before the change). Concurrent misses share one computation; a
   * failure is passed on and not kept.
   */
  answer(key: string, topics: readonly ReadTopic[], compute: () => Promise<V>): Promise<V>;
}

/** Keeps nothing: every read computes its answer (services and apps built without a cache, as some tests do). */
export function noReadCache<V>(): ReadCache<V> {
  return { peek: () => undefined, answer: (_key, _topics, compute) => compute(), changed: () => undefined };
}
