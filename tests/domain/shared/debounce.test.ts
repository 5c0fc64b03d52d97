import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import fc from 'fast-check';
import { debounce } from '../../../src/domain/shared/debounce';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('debounce', () => {
  it('calls once, with the last arguments, for any burst whose gaps are below the delay', () => {
    const burst = fc
      .integer({ min: 1, max: 1000 })
      .chain((delay) =>
        fc.record({
          delay: fc.constant(delay),
          // [gap before the call, argument]; every gap is shorter than the delay.
          calls: fc.array(fc.tuple(fc.integer({ min: 0, max: delay - 1 }), fc.integer()), {
            minLength: 1,
            maxLength: 30,
          }),
        }),
      );
    fc.assert(
      fc.property(burst, ({ delay, calls }) => {
        const fn = vi.fn<(value: number) => void>();
        const debounced = debounce(fn, delay);
        for (const [gap, value] of calls) {
          vi.advanceTimersByTime(gap);
          debounced(value);
        }
        vi.advanceTimersByTime(delay - 1);
        expect(fn).not.toHaveBeenCalled();
        expect(debounced.pending()).toBe(true);
        vi.advanceTimersByTime(1);
        expect(fn).toHaveBeenCalledTimes(1);
        expect(fn).toHaveBeenCalledWith(calls[calls.length - 1]?.[1]);
        expect(debounced.pending()).toBe(false);
        vi.advanceTimersByTime(10 * delay);
        expect(fn).toHaveBeenCalledTimes(1);
      }),
    );
  });

  it('calls once per burst when bursts are separated by at least the delay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.array(fc.integer(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        (delay, bursts) => {
          const fn = vi.fn<(value: number) => void>();
          const debounced = debounce(fn, delay);
          for (const burst of bursts) {
            for (const value of burst) debounced(value);
            vi.advanceTimersByTime(delay);
          }
          expect(fn.mock.calls).toEqual(bursts.map((burst) => [burst[burst.length - 1]]));
        },
      ),
    );
  });

  it('passes all arguments of the last call', () => {
    const fn = vi.fn<(a: string, b: number) => void>();
    const debounced = debounce(fn, 100);
    debounced('first', 1);
    debounced('second', 2);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledExactlyOnceWith('second', 2);
  });

  it('cancel() drops the pending call', () => {
    const fn = vi.fn<(value: number) => void>();
    const debounced = debounce(fn, 100);
    debounced(1);
    debounced.cancel();
    expect(debounced.pending()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    debounced(2);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('flush() runs the pending call immediately and only once', () => {
    const fn = vi.fn<(value: number) => void>();
    const debounced = debounce(fn, 100);
    debounced(1);
    debounced(2);
    debounced.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith(2);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('flush() without a pending call does nothing', () => {
    const fn = vi.fn<() => void>();
    const debounced = debounce(fn, 100);
    debounced.flush();
    debounced();
    vi.advanceTimersByTime(100);
    debounced.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('rejects a negative or non-finite delay', () => {
    expect(() => debounce(() => undefined, -1)).toThrow(RangeError);
    expect(() => debounce(() => undefined, Number.NaN)).toThrow(RangeError);
  });
});
