export type RelativeTimeUnit = 'second' | 'minute' | 'hour' | 'day';

export interface RelativeTime {
  value: number;
  unit: RelativeTimeUnit;
}

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago something happened, as a floored value in the largest fitting unit.
 * Negative elapsed time (clock skew between server and reader) clamps to 0 seconds.
 * NaN or infinite input throws a RangeError.
 */
export function relativeTime(elapsedMs: number): RelativeTime {
  if (!Number.isFinite(elapsedMs)) {
    throw new RangeError(`elapsedMs must be finite, got ${String(elapsedMs)}`);
  }
  const ms = Math.max(0, elapsedMs);
  if (ms < MINUTE_MS) return { value: Math.floor(ms / SECOND_MS), unit: 'second' };
  if (ms < HOUR_MS) return { value: Math.floor(ms / MINUTE_MS), unit: 'minute' };
  if (ms < DAY_MS) return { value: Math.floor(ms / HOUR_MS), unit: 'hour' };
  return { value: Math.floor(ms / DAY_MS), unit: 'day' };
}
