import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../../../src/ui/hooks/throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per interval, with a trailing call', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 5);
    throttled();
    throttled();
    throttled();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops the pending trailing call when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 5);
    throttled();
    throttled();
    throttled.cancel();
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
