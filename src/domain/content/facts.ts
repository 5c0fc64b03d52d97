import { DAY_MS } from '../shared/relativeTime';

/** Whole days since `since` (an ISO date), or null when it cannot be read; never negative. */
export function runningDays(since: string, nowMs: number): number | null {
  const start = Date.parse(since);
  return Number.isNaN(start) ? null : Math.max(0, Math.floor((nowMs - start) / DAY_MS));
}

export const TAG_CLOUD_LEVELS = 5;

/**
 * Size level 1..TAG_CLOUD_LEVELS of a tag in the cloud, on a log scale so one very popular tag does
 * not shrink every other tag to the smallest size.
 */
export function tagCloudLevel(count: number, min: number, max: number): number {
  if (max <= min) return Math.ceil(TAG_CLOUD_LEVELS / 2);
  const position = (Math.log1p(Math.max(min, Math.min(max, count))) - Math.log1p(min)) / (Math.log1p(max) - Math.log1p(min));
  return 1 + Math.round(position * (TAG_CLOUD_LEVELS - 1));
}
