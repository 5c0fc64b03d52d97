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
