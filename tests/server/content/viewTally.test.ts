import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ViewTally } from '../../../server/domain/content/viewTally';
import type { ReadTopic } from '../../../server/domain/hotReads';

/** A store of view counts whose writes the test can hold open or fail. */
function viewStore() {
  const stored = new Map<number, number>();
  let gate: Promise<void> = Promise.resolve();
  let failNext = false;
  return {
    stored,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return release;
    },
    failNextWrite: (fail = true) => (failNext = fail),
    async addViews(views: ReadonlyMap<number, number>) {
      await gate;
      if (failNext) {
        failNext = false;
        throw new Error('database unreachable');
      }
      for (const [id, count] of views) stored.set(id, (stored.get(id) ?? 0) + count);
    },
  };
}

function tally() {
  const store = viewStore();
  const told: (readonly ReadTopic[])[] = [];
  return { store, told, views: new ViewTally(store, { changed: (topics) => told.push(topics) }) };
}

describe('ViewTally', () => {
  it('stores every counted view once and says the counters changed', async () => {
    const { store, told, views } = tally();
    views.count(1);
    views.count(1);
    views.count(2);
    expect(views.unstored(1)).toBe(2);
    await views.flush();
    expect(store.stored).toEqual(new Map([[1, 2], [2, 1]]));
    expect(views.unstored(1)).toBe(0);
    expect(told).toEqual([['articleCounters']]);
    await views.flush();
    expect(told).toHaveLength(1);
  });

  it('counts a view made while a write is under way as unstored, and stores it next time', async () => {
    const { store, views } = tally();
    views.count(7);
    const release = store.hold();
    const writing = views.flush();
    views.count(7);
    expect(views.unstored(7)).toBe(2);
    release();
    await writing;
    expect(views.unstored(7)).toBe(1);
    await views.flush();
    expect(store.stored.get(7)).toBe(2);
  });

  it('keeps the views of a failed write and stores them with the next one', async () => {
    const { store, told, views } = tally();
    views.count(3);
    store.failNextWrite();
    await expect(views.flush()).rejects.toThrow('database unreachable');
    expect(views.unstored(3)).toBe(1);
    expect(told).toEqual([]);
    views.count(3);
    await views.flush();
    expect(store.stored.get(3)).toBe(2);
  });

  it('loses and doubles nothing, whatever the order of views, writes and failures', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('view' as const), id: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('flush' as const), fails: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const { store, views } = tally();
        const counted = new Map<number, number>();
        const flushes: Promise<void>[] = [];
        for (const s of steps) {
          if (s.kind === 'view') {
            views.count(s.id);
            counted.set(s.id, (counted.get(s.id) ?? 0) + 1);
          } else {
            if (s.fails) store.failNextWrite();
            flushes.push(views.flush().catch(() => undefined));
          }
          for (const [id, n] of counted) expect((store.stored.get(id) ?? 0) + views.unstored(id)).toBe(n);
        }
        await Promise.all(flushes);
        store.failNextWrite(false); // a failure asked for when there was nothing to write
        await views.flush();
        expect(store.stored).toEqual(counted);
      }),
    );
  });
});
