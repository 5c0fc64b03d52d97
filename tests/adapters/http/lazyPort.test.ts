import { describe, expect, it } from 'vitest';
import { lazyPort } from '../../../src/adapters/http/lazyPort';

interface Greeter {
  greet(name: string): Promise<string>;
  count(): Promise<number>;
}

describe('lazyPort', () => {
  it('loads the adapter once, on the first call, and forwards every call with its arguments', async () => {
    let loads = 0;
    const port = lazyPort<Greeter>(async () => {
      loads++;
      return { greet: async (name) => `你好，${name}`, count: async () => loads };
    });
    expect(loads).toBe(0);
    const [greeting, count] = await Promise.all([port.greet('小明'), port.count()]);
    expect(greeting).toBe('你好，小明');
    expect(count).toBe(1);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load instead of failing every later call', async () => {
    let attempts = 0;
    const port = lazyPort<Greeter>(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk failed');
      return { greet: async (name) => name, count: async () => attempts };
    });
    await expect(port.count()).rejects.toThrow('chunk failed');
    expect(await port.count()).toBe(2);
  });

  it('is not a thenable, so awaiting the port (as a container resolving it does) neither loads nor hangs', async () => {
    let loads = 0;
    const port = lazyPort<Greeter>(async () => {
      loads++;
      return { greet: async (name) => name, count: async () => 0 };
    });
    expect(await Promise.resolve(port)).toBe(port);
    expect(loads).toBe(0);
  });
});
