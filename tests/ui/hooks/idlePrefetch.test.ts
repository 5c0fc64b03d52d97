import { describe, expect, it } from 'vitest';
import {
  IDLE_PREFETCH_ORDER,
  idlePrefetches,
  prefetchWhenIdle,
  shouldPrefetch,
} from '../../../src/ui/hooks/idlePrefetch';
import type { IdleScheduler } from '../../../src/ui/hooks/idleCallback';
import { afterSettling, runWhenIdle, SETTLE_LIMIT_MS, SETTLE_MS, type SettleEnvironment } from '../../../src/ui/hooks/idleSchedule';

async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

/** An idle scheduler the test drives: each `idle()` runs the one callback waiting, if any. */
function manualIdle() {
  const waiting: (() => void)[] = [];
  const scheduler: IdleScheduler = (callback) => {
    waiting.push(callback);
    return () => {
      const index = waiting.indexOf(callback);
      if (index >= 0) waiting.splice(index, 1);
    };
  };
  return {
    scheduler,
    pending: () => waiting.length,
    /** Lets finished fetches schedule their successor, runs the waiting callback, lets its fetch settle. */
    idle: async () => {
      await settle();
      waiting.shift()?.();
      await settle();
    },
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('runWhenIdle', () => {
  it('starts nothing before the browser is idle, then fetches one chunk per idle period, in order', async () => {
    const started: string[] = [];
    const fetches = ['search', 'login', 'chat'].map((name) => () => {
      started.push(name);
      return Promise.resolve();
    });
    const clock = manualIdle();
    let done = false;
    runWhenIdle(fetches, clock.scheduler, () => (done = true));
    expect(started).toEqual([]);
    await clock.idle();
    expect(started).toEqual(['search']);
    await clock.idle();
    expect(started).toEqual(['search', 'login']);
    expect(done).toBe(false);
    await clock.idle();
    expect(started).toEqual(['search', 'login', 'chat']);
    expect(done).toBe(true);
  });

  it('waits for a fetch to finish before asking for the next idle period', async () => {
    const first = deferred();
    const started: number[] = [];
    const clock = manualIdle();
    runWhenIdle(
      [() => (started.push(1), first.promise), () => (started.push(2), Promise.resolve())],
      clock.scheduler,
      () => undefined,
    );
    await clock.idle();
    expect(clock.pending()).toBe(0);
    await clock.idle();
    expect(started).toEqual([1]);
    first.resolve();
    await clock.idle();
    expect(started).toEqual([1, 2]);
  });

  it('goes on after a failed fetch', async () => {
    const started: number[] = [];
    const clock = manualIdle();
    let done = false;
    runWhenIdle(
      [() => (started.push(1), Promise.reject(new Error('offline'))), () => (started.push(2), Promise.resolve())],
      clock.scheduler,
      () => (done = true),
    );
    await clock.idle();
    await clock.idle();
    expect(started).toEqual([1, 2]);
    expect(done).toBe(true);
  });

  it('starts nothing more once cancelled', async () => {
    const started: number[] = [];
    const clock = manualIdle();
    let done = false;
    const cancel = runWhenIdle(
      [() => (started.push(1), Promise.resolve()), () => (started.push(2), Promise.resolve())],
      clock.scheduler,
      () => (done = true),
    );
    await clock.idle();
    cancel();
    expect(clock.pending()).toBe(0);
    await clock.idle();
    expect(started).toEqual([1]);
    expect(done).toBe(false);
  });
});

describe('shouldPrefetch', () => {
  it('prefetches unless the reader saves data or the connection is 2G', () => {
    expect(shouldPrefetch(undefined)).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(shouldPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
    expect(shouldPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(shouldPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
  });
});

describe('prefetchWhenIdle', () => {
  it('orders the registered parts by likelihood, whatever the order they registered in, once per key', () => {
    expect(IDLE_PREFETCH_ORDER).toEqual([
      'transport',
      'search',
      'login',
      'notifications',
      'article',
      'page',
      'player',
      'playerRuntime',
      'chat',
      'chatRoom',
    ]);
    const chat = () => Promise.resolve('chat');
    const search = () => Promise.resolve('search');
    const login = () => Promise.resolve('login');
    const overlay = () => Promise.resolve('overlay');
    const runtime = { name: 'player runtime' };
    prefetchWhenIdle('chat', chat);
    prefetchWhenIdle('playerRuntime', () => Promise.resolve('runtime'), runtime);
    prefetchWhenIdle('login', login);
    prefetchWhenIdle('search', search);
    prefetchWhenIdle('search', search);
    prefetchWhenIdle('playerRuntime', () => Promise.resolve('runtime again'), runtime);
    // The overlay registers last (its module loads later) and still comes before the runtime.
    prefetchWhenIdle('player', overlay);
    const order = idlePrefetches();
    expect(order).toHaveLength(5);
    expect(order[0]).toBe(search);
    expect(order[1]).toBe(login);
    expect(order[2]).toBe(overlay);
    expect(order[4]).toBe(chat);
  });
});

/** A clock the test moves by hand, and long tasks it reports when it likes. */
function manualSettling(options: { longTasks: boolean }) {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  let onLongTask: (() => void) | null = null;
  const env: SettleEnvironment = {
    setTimeout: (callback, ms) => {
      timers.set(next, { at: now + ms, callback });
      return next++;
    },
    clearTimeout: (handle) => void timers.delete(handle),
    observeLongTasks: options.longTasks
      ? (callback) => {
          onLongTask = callback;
          return () => {
            onLongTask = null;
          };
        }
      : undefined,
  };
  return {
    env,
    observing: () => onLongTask !== null,
    longTask: () => onLongTask?.(),
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = until;
    },
  };
}

describe('afterSettling', () => {
  it('waits until the main thread has gone SETTLE_MS without a long task', () => {
    const clock = manualSettling({ longTasks: true });
    let calls = 0;
    afterSettling(clock.env, () => calls++);
    clock.advance(SETTLE_MS - 100);
    clock.longTask();
    clock.advance(SETTLE_MS - 100);
    expect(calls).toBe(0);
    clock.advance(100);
    expect(calls).toBe(1);
    expect(clock.observing()).toBe(false);
    clock.advance(SETTLE_LIMIT_MS);
    expect(calls).toBe(1);
  });

  it('starts after SETTLE_LIMIT_MS on a page that never settles', () => {
    const clock = manualSettling({ longTasks: true });
    let calls = 0;
    afterSettling(clock.env, () => calls++);
    for (let waited = 0; waited < SETTLE_LIMIT_MS - 500; waited += 500) {
      clock.advance(500);
      clock.longTask();
    }
    expect(calls).toBe(0);
    clock.advance(500);
    expect(calls).toBe(1);
  });

  it('waits SETTLE_MS where the browser reports no long tasks, and not at all once cancelled', () => {
    const clock = manualSettling({ longTasks: false });
    let calls = 0;
    afterSettling(clock.env, () => calls++);
    clock.advance(SETTLE_MS);
    expect(calls).toBe(1);

    const cancelled = manualSettling({ longTasks: true });
    afterSettling(cancelled.env, () => calls++)();
    cancelled.advance(SETTLE_LIMIT_MS);
    expect(calls).toBe(1);
    expect(cancelled.observing()).toBe(false);
  });
});
