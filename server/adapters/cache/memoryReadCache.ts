import { LRUCache } from 'lru-cache';
import { LAGGING_TOPICS, READ_TOPICS, type ReadTopic } from '../../domain/hotReads';
import type { ReadCache } from '../../ports/readCache';

export interface MemoryReadCacheOptions<V> {
  /**
   * Longest an answer is kept, from the moment its data was read: the bound on staleness for writes this
   * instance is never told of (another instance without Redis, a command-line import, a lost message).
   */
  ttlMs: number;
  /** Beyond this many answers the least recently used is dropped (1000 when no byte bound is given). */
  maxEntries?: number;
  /** Beyond this many bytes in all (each answer's size by `sizeOf`) the least recently used are dropped. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** Milliseconds on a monotonic clock. */
  now?: () => number;
  /** Told of this instance's own changes once they are applied here: the Redis relay publishes them. */
  onChange?: (topics: readonly ReadTopic[]) => void;
  /**
   * How late a change to the counters (LAGGING_TOPICS) may drop what shows them, here and on the other
   * instances; 0 drops it at once.
   */
  lagMs?: number;
  /**
   * An answer past its time or dropped by a change is kept (until a fresh one replaces it or it is the
   * oldest beyond `maxEntries`) and given again when computing a fresh one fails with an error this
   * accepts: during a database outage readers get the last answer, not an error.
   */
  staleOnError?: (error: unknown) => boolean;
  /** How old an answer's data already is when computed (a copy another instance made): kept that much less. */
  ageOf?: (value: V) => number;
}

interface Entry<V> {
  value: V;
  topics: readonly ReadTopic[];
  expiresAt: number;
}

/** Counter changes held back until `dueAt`, then applied at once. */
interface Held {
  topics: Set<ReadTopic>;
  dueAt: number;
  timer: NodeJS.Timeout;
}

interface Pending<V> {
  promise: Promise<V>;
  topics: readonly ReadTopic[];
}

/**
 * The hot reads' answers in this process. Every topic has a generation, raised by each change: an answer
 * computed while one of its topics changed is handed to its callers but not kept, so a read that began
 * before a write can never put the old data back after the write dropped it.
 */
export class MemoryReadCache<V> implements ReadCache<V> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly pending = new Map<string, Pending<V>>();
  private readonly generations = new Map<ReadTopic, number>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly onChange: ((topics: readonly ReadTopic[]) => void) | undefined;
  private readonly lagMs: number;
  private readonly staleOnError: ((error: unknown) => boolean) | undefined;
  private readonly ageOf: ((value: V) => number) | undefined;
  private held: Held | undefined;

  constructor(options: MemoryReadCacheOptions<V>) {
    this.ttlMs = options.ttlMs;
    const { maxBytes, sizeOf } = options;
    // Bound by bytes, or else by count (lru-cache sets aside room for `max` entries up front).
    this.entries =
      maxBytes !== undefined && sizeOf
        ? new LRUCache<string, Entry<V>>({
            maxSize: maxBytes,
            sizeCalculation: (entry) => Math.max(1, sizeOf(entry.value)),
            ...(options.maxEntries === undefined ? {} : { max: options.maxEntries }),
          })
        : new LRUCache<string, Entry<V>>({ max: options.maxEntries ?? 1000 });
    this.now = options.now ?? (() => performance.now());
    this.onChange = options.onChange;
    this.lagMs = options.lagMs ?? 0;
    this.staleOnError = options.staleOnError;
    this.ageOf = options.ageOf;
  }

  get size(): number {
    return this.entries.size;
  }

  peek(key: string): V | undefined {
    if (this.held !== undefined && this.held.dueAt <= this.now()) this.applyHeldChanges();
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    if (this.staleOnError === undefined) this.entries.delete(key);
    return undefined;
  }

  answer(key: string, topics: readonly ReadTopic[], compute: () => Promise<V>): Promise<V> {
    const kept = this.peek(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const running = this.pending.get(key);
    if (running) return running.promise;
    const stamp = this.stamp(topics);
    const startedAt = this.now();
    const pending: Pending<V> = { topics, promise: Promise.resolve(undefined as V) };
    pending.promise = (async () => {
      try {
        const value = await compute();
        const expiresAt = startedAt + this.ttlMs - Math.max(0, this.ageOf?.(value) ?? 0);
        if (this.stamp(topics) === stamp) this.keep(key, { value, topics, expiresAt });
        // Read across a change: never given as fresh, but still the newest answer known should the database
        // go before the next read (without it, a busy page would have no fallback in an outage).
        else if (this.staleOnError) this.keep(key, { value, topics, expiresAt: -Infinity });
        return value;
      } catch (error) {
        const stale = this.entries.get(key);
        if (stale !== undefined && this.staleOnError?.(error)) return stale.value;
        throw error;
      } finally {
        if (this.pending.get(key) === pending) this.pending.delete(key);
      }
    })();
    this.pending.set(key, pending);
    return pending.promise;
  }

  changed(topics: readonly ReadTopic[]): void {
    const later = this.lagMs > 0 ? topics.filter((topic) => LAGGING_TOPICS.includes(topic)) : [];
    const now = later.length === 0 ? topics : topics.filter((topic) => !later.includes(topic));
    if (now.length > 0) this.apply(now);
    if (later.length > 0) this.hold(later);
  }

  /** Applies the counter changes held back now, rather than at their due time (shutdown, tests). */
  applyHeldChanges(): void {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    clearTimeout(held.timer);
    this.apply([...held.topics]);
  }

  /** Drops what shows these topics, here only: for changes other instances report. */
  invalidate(topics: readonly ReadTopic[]): void {
    if (topics.length === 0) return;
    for (const topic of topics) this.generations.set(topic, (this.generations.get(topic) ?? 0) + 1);
    const touched = (shown: readonly ReadTopic[]) => shown.some((topic) => topics.includes(topic));
    for (const [key, entry] of this.entries.entries()) {
      if (!touched(entry.topics)) continue;
      // Kept for an outage only: the last answer known beats an error while the data cannot be read.
      if (this.staleOnError) entry.expiresAt = -Infinity;
      else this.entries.delete(key);
    }
    // Later callers must not join a computation that may have read the data before the change.
    for (const [key, pending] of this.pending) if (touched(pending.topics)) this.pending.delete(key);
  }

  /** Bytes kept (by `sizeOf`; 0 without it). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** Drops everything, here only: changes may have been missed. */
  clear(): void {
    this.invalidate(READ_TOPICS);
  }

  private apply(topics: readonly ReadTopic[]) {
    this.invalidate(topics);
    this.onChange?.(topics);
  }

  private hold(topics: readonly ReadTopic[]) {
    // The timer tells the other instances even when no read here comes to apply the change.
    this.held ??= {
      topics: new Set(),
      dueAt: this.now() + this.lagMs,
      timer: setTimeout(() => this.applyHeldChanges(), this.lagMs).unref(),
    };
    for (const topic of topics) this.held.topics.add(topic);
  }

  /** Generations only grow, so an equal sum means none of these topics changed. */
  private stamp(topics: readonly ReadTopic[]): number {
    let sum = 0;
    for (const topic of topics) sum += this.generations.get(topic) ?? 0;
    return sum;
  }

  private keep(key: string, entry: Entry<V>) {
    this.entries.set(key, entry);
  }
}
