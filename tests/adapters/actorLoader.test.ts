import { describe, expect, it } from 'vitest';
import { createActorLoader } from '../../src/adapters/actorLoader';

/** A loader whose chunk is a module `{ name }`, failing its first `failures` fetches; it counts fetches and starts. */
function counted(failures = 0) {
  let fetches = 0;
  let starts = 0;
  let failing = failures;
  const loader = createActorLoader(
    async () => {
      fetches += 1;
      if (failing > 0) {
        failing -= 1;
        throw new Error('chunk failed');
      }
      return { name: 'machine' };
    },
    (module) => {
      starts += 1;
      return { actorOf: module.name };
    },
  );
  return { loader, fetches: () => fetches, starts: () => starts };
}

describe('the actor loader (a long-lived actor whose machine is a chunk of its own)', () => {
  it('has no actor before its first load, then starts one once and answers it to every call', async () => {
    const { loader, fetches, starts } = counted();
    expect(loader.current()).toBeNull();
    const [first, second] = await Promise.all([loader.load(), loader.load()]);
    expect(first).toBe(second);
    expect(await loader.load()).toBe(first);
    expect(loader.current()).toBe(first);
    expect([fetches(), starts()]).toEqual([1, 1]);
  });

  it('fetches the code ahead without starting the actor, and the first load then fetches nothing more', async () => {
    const { loader, fetches, starts } = counted();
    await loader.preload();
    expect([fetches(), starts(), loader.current()]).toEqual([1, 0, null]);
    await loader.load();
    expect([fetches(), starts()]).toEqual([1, 1]);
  });

  it('tells its listeners once, when the actor has started', async () => {
    const { loader } = counted();
    const heard: unknown[] = [];
    const stop = loader.subscribe(() => heard.push(loader.current()));
    await loader.load();
    await loader.load();
    stop();
    expect(heard).toEqual([{ actorOf: 'machine' }]);
  });

  it('retries a failed fetch on the next call; a failed preload resolves all the same', async () => {
    const { loader, fetches } = counted(2);
    await expect(loader.preload()).resolves.toBeUndefined();
    await expect(loader.load()).rejects.toThrow('chunk failed');
    expect(loader.current()).toBeNull();
    await expect(loader.load()).resolves.toEqual({ actorOf: 'machine' });
    expect(fetches()).toBe(3);
  });
});
