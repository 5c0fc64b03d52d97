import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from '../../../src/ui/app/yieldToMain';

describe('yieldToMain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('without scheduler.yield, resumes in a later task: every microtask queued meanwhile runs first', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('resumed'));
    // A chain of microtasks longer than any promise plumbing: a microtask-based "yield" would resume inside it.
    let chain = Promise.resolve();
    for (let i = 0; i < 20; i++) chain = chain.then(() => void order.push('microtask'));
    await Promise.all([yielded, chain]);
    expect(order.at(-1)).toBe('resumed');
    expect(order.filter((step) => step === 'microtask')).toHaveLength(20);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
