/** A local clock hour, 0 to 23. */
export type Hour = number;

export function isHour(hour: number): boolean {
  return Number.isInteger(hour) && hour >= 0 && hour <= 23;
}

/** Throws a RangeError unless `hour` is an integer in 0..23. */
export function assertHour(hour: number): void {
  if (!isHour(hour)) {
    throw new RangeError(`hour must be an integer in 0..23, got ${String(hour)}`);
  }
}
