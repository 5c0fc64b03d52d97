import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { MemoryReadCache } from '../../../server/adapters/cache/memoryReadCache';
import { LAGGING_TOPICS, READ_TOPICS, type ReadTopic } from '../../../server/domain/hotReads';

/** A clock the test moves by hand. */
function manualClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A promise the test resolves when it chooses, to hold a computation open. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('MemoryReadCache', () => {
  it('keeps answers within its byte bound, the least recently used out first', async () => {
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000, maxBytes: 30, sizeOf: (value) => value.length });
    const keep = (key: string) => cache.answer(key, ['articles'], async () => key.repeat(10));
    await keep('a');
    await keep('b');
    await keep('c');
    expect(cache.bytes).toBe(30);
    expect(cache.peek('a')).toBe('aaaaaaaaaa'); // now the most recently used
    await keep('d');
    expect(cache.bytes).toBe(30);
    expect(cache.peek('b')).toBeUndefined();
    expect([cache.peek('a'), cache.peek('c'), cache.peek('d')]).toEqual(['a'.repeat(10), 'c'.repeat(10), 'd'.repeat(10)]);
    // An answer larger than the whole bound is handed to its caller, never kept.
    expect(await cache.answer('huge', ['articles'], async () => 'x'.repeat(31))).toHaveLength(31);
    expect(cache.peek('huge')).toBeUndefined();
  });

  it('gives the last answer, expired or dropped by a change, when a fresh one fails with an accepted error; never when fresh', async () => {
    const clock = manualClock();
    const outage = new Error('database unavailable');
    const cache = new MemoryReadCache<string>({ ttlMs: 1_000, now: clock.now, staleOnError: (error) => error === outage });
    let failure: Error | undefined;
    let version = 1;
    const read = () =>
      cache.answer('/api/config', ['site'], async () => {
        if (failure) throw failure;
        return `config v${version}`;
      });
    expect(await read()).toBe('config v1');
    failure = outage;
    clock.advance(2_000);
    expect(cache.peek('/api/config')).toBeUndefined();
    expect(await read()).toBe('config v1');
    cache.changed(['site']);
    expect(await read()).toBe('config v1');
    // Any other error is the caller's to see.
    failure = new Error('a bug');
    await expect(read()).rejects.toThrow('a bug');
    // Once the database answers, the fresh answer replaces the old one.
    failure = undefined;
    version = 2;
    expect(await read()).toBe('config v2');
    expect(cache.peek('/api/config')).toBe('config v2');
    // Without the option, nothing past its time is given.
    const strict = new MemoryReadCache<string>({ ttlMs: 1_000, now: clock.now });
    await strict.answer('k', ['site'], async () => 'old');
    clock.advance(2_000);
    await expect(strict.answer('k', ['site'], async () => Promise.reject(outage))).rejects.toBe(outage);
  });

  it('keeps an answer read across a change for an outage only: never fresh, given when the next read fails', async () => {
    const outage = new Error('database unavailable');
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000, staleOnError: (error) => error === outage });
    const slow = deferred<string>();
    const first = cache.answer('/api/article/blogHomeGetArticleList/1/10', ['articleCounters'], () => slow.promise);
    cache.changed(['articleCounters']);
    slow.resolve('list v1');
    expect(await first).toBe('list v1');
    expect(cache.peek('/api/article/blogHomeGetArticleList/1/10')).toBeUndefined();
    const read = (compute: () => Promise<string>) =>
      cache.answer('/api/article/blogHomeGetArticleList/1/10', ['articleCounters'], compute);
    expect(await read(() => Promise.reject(outage))).toBe('list v1');
    expect(await read(async () => 'list v2')).toBe('list v2');
    expect(cache.peek('/api/article/blogHomeGetArticleList/1/10')).toBe('list v2');
  });

  it('keeps an answer until a topic it shows changes, and only such a topic', async () => {
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000 });
    let version = 1;
    const read = () => cache.answer('/api/config', ['site', 'siteViews'], async () => `config v${version}`);
    expect(await read()).toBe('config v1');
    version = 2;
    expect(await read()).toBe('config v1');
    expect(cache.peek('/api/config')).toBe('config v1');
    cache.changed(['articles', 'talks']);
    expect(await read()).toBe('config v1');
    cache.changed(['siteViews']);
    expect(cache.peek('/api/config')).toBeUndefined();
    expect(await read()).toBe('config v2');
  });

  it('never keeps an answer whose data may have been read before a change it shows', async () => {
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000 });
    const slow = deferred<string>();
    const first = cache.answer('/api/article/getHotArticle', ['articleCounters'], () => slow.promise);
    // A view is counted while the list is being read: the read may hold the old count.
    cache.changed(['articleCounters']);
    slow.resolve('views before the change');
    expect(await first).toBe('views before the change');
    expect(cache.peek('/api/article/getHotArticle')).toBeUndefined();
    expect(await cache.answer('/api/article/getHotArticle', ['articleCounters'], async () => 'views after')).toBe(
      'views after',
    );
    expect(cache.peek('/api/article/getHotArticle')).toBe('views after');
  });

  it('shares one computation between concurrent misses, but not across a change', async () => {
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000 });
    let computations = 0;
    const gates: ReturnType<typeof deferred<string>>[] = [];
    const compute = () => {
      computations++;
      const gate = deferred<string>();
      gates.push(gate);
      return gate.promise;
    };
    const a = cache.answer('/api/tag/getAll', ['articles'], compute);
    const b = cache.answer('/api/tag/getAll', ['articles'], compute);
    expect(computations).toBe(1);
    cache.changed(['articles']);
    // A reader arriving after the write must not be handed the computation that began before it.
    const c = cache.answer('/api/tag/getAll', ['articles'], compute);
    expect(computations).toBe(2);
    gates[0]!.resolve('old');
    gates[1]!.resolve('new');
    expect(await Promise.all([a, b, c])).toEqual(['old', 'old', 'new']);
    expect(cache.peek('/api/tag/getAll')).toBe('new');
  });

  it('passes a failure on to every waiting reader and keeps nothing', async () => {
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000 });
    const failing = deferred<string>();
    const a = cache.answer('/api/config', ['site'], () => failing.promise);
    const b = cache.answer('/api/config', ['site'], () => failing.promise);
    failing.reject(new Error('database is down'));
    await expect(a).rejects.toThrow('database is down');
    await expect(b).rejects.toThrow('database is down');
    expect(cache.peek('/api/config')).toBeUndefined();
    expect(await cache.answer('/api/config', ['site'], async () => 'back')).toBe('back');
  });

  it('drops an answer after its time bound, counted from when its data was read', async () => {
    const clock = manualClock();
    const cache = new MemoryReadCache<string>({ ttlMs: 5_000, now: clock.now });
    await cache.answer('/api/statistic/facts', ['articles'], async () => 'facts');
    clock.advance(4_999);
    expect(cache.peek('/api/statistic/facts')).toBe('facts');
    clock.advance(1);
    expect(cache.peek('/api/statistic/facts')).toBeUndefined();
  });

  it('holds at most maxEntries answers, dropping the oldest', async () => {
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000, maxEntries: 2 });
    for (const page of [1, 2, 3]) await cache.answer(`/home/${page}`, ['articles'], async () => `page ${page}`);
    expect(cache.size).toBe(2);
    expect(cache.peek('/home/1')).toBeUndefined();
    expect(cache.peek('/home/3')).toBe('page 3');
  });

  it("tells onChange of this instance's changes, not of those reported by others", () => {
    const told: (readonly ReadTopic[])[] = [];
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000, onChange: (topics) => told.push(topics) });
    cache.changed(['talks']);
    cache.invalidate(['articles']);
    cache.clear();
    expect(told).toEqual([['talks']]);
  });

  // The model: each topic's data has a version; an answer shows the versions of its topics when it was made.
  // Whatever the order of reads, writes and passing time, a read that follows a write shows it.
  it('a read after a write always shows the write (any sequence of reads, writes and time)', async () => {
    const KEYS: Record<string, readonly ReadTopic[]> = {
      config: ['site', 'siteViews'],
      home: ['articles', 'articleCounters'],
      facts: ['articles', 'site', 'siteViews', 'talks'],
      headers: ['pageHeaders'],
    };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('read' as const), key: fc.constantFrom(...Object.keys(KEYS)) }),
      fc.record({ kind: fc.constant('write' as const), topic: fc.constantFrom(...READ_TOPICS) }),
      fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 3_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops) => {
        const clock = manualClock();
        const cache = new MemoryReadCache<string>({ ttlMs: 5_000, now: clock.now });
        const versions = new Map<ReadTopic, number>();
        const snapshot = (topics: readonly ReadTopic[]) => topics.map((t) => `${t}:${versions.get(t) ?? 0}`).join(',');
        for (const step of ops) {
          if (step.kind === 'write') {
            versions.set(step.topic, (versions.get(step.topic) ?? 0) + 1);
            cache.changed([step.topic]);
          } else if (step.kind === 'tick') {
            clock.advance(step.ms);
          } else {
            const topics = KEYS[step.key]!;
            expect(await cache.answer(step.key, topics, async () => snapshot(topics))).toBe(snapshot(topics));
          }
        }
      }),
    );
  });

  it('holds counter changes back for lagMs, then drops what shows them once for all', async () => {
    const clock = manualClock();
    const told: (readonly ReadTopic[])[] = [];
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000, now: clock.now, lagMs: 1_000, onChange: (t) => told.push(t) });
    await cache.answer('/home', ['articles', 'articleCounters'], async () => 'likes 0');
    cache.changed(['articleCounters']);
    clock.advance(600);
    cache.changed(['articleCounters']);
    expect(cache.peek('/home')).toBe('likes 0');
    expect(told).toEqual([]);
    clock.advance(400);
    expect(cache.peek('/home')).toBeUndefined();
    expect(told).toEqual([['articleCounters']]);
    // Other topics are never held back, even beside a counter.
    await cache.answer('/home', ['articles', 'articleCounters'], async () => 'new article');
    cache.changed(['articles', 'articleCounters']);
    expect(cache.peek('/home')).toBeUndefined();
    expect(told).toEqual([['articleCounters'], ['articles']]);
    cache.applyHeldChanges();
    expect(told).toEqual([['articleCounters'], ['articles'], ['articleCounters']]);
  });

  it('applies held changes by itself when no read comes, so other instances are told', async () => {
    const told: (readonly ReadTopic[])[] = [];
    const cache = new MemoryReadCache<string>({ ttlMs: 60_000, lagMs: 20, onChange: (t) => told.push(t) });
    cache.changed(['articleCounters']);
    await vi.waitFor(() => expect(told).toEqual([['articleCounters']]));
  });

  // With a lag, a read shows a write at once unless the write was to a counter, and then at most lagMs late.
  it('a read shows every write, counters at most lagMs late (any sequence of reads, writes and time)', async () => {
    const LAG_MS = 1_000;
    const KEYS: Record<string, readonly ReadTopic[]> = {
      home: ['articles', 'articleCounters'],
      facts: ['articles', 'site', 'siteViews', 'talks'],
    };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('read' as const), key: fc.constantFrom(...Object.keys(KEYS)) }),
      fc.record({ kind: fc.constant('write' as const), topic: fc.constantFrom(...READ_TOPICS) }),
      fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 1_500 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 60 }), async (ops) => {
        const clock = manualClock();
        const cache = new MemoryReadCache<string>({ ttlMs: 5_000, now: clock.now, lagMs: LAG_MS });
        const versions = new Map<ReadTopic, number>();
        const writtenAt = new Map<ReadTopic, number>();
        const snapshot = (topics: readonly ReadTopic[]) => topics.map((t) => `${t}:${versions.get(t) ?? 0}`).join(',');
        for (const step of ops) {
          if (step.kind === 'write') {
            versions.set(step.topic, (versions.get(step.topic) ?? 0) + 1);
            writtenAt.set(step.topic, clock.now());
            cache.changed([step.topic]);
          } else if (step.kind === 'tick') {
            clock.advance(step.ms);
          } else {
            const topics = KEYS[step.key]!;
            const shown = await cache.answer(step.key, topics, async () => snapshot(topics));
            const mayLag = topics.some(
              (t) => LAGGING_TOPICS.includes(t) && clock.now() - (writtenAt.get(t) ?? -Infinity) < LAG_MS,
            );
            if (!mayLag) expect(shown).toBe(snapshot(topics));
          }
        }
      }),
    );
  });
});
