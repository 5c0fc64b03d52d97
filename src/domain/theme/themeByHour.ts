import { assertHour } from '../shared/hour';
import type { Theme } from './theme';

export const LIGHT_FROM_HOUR = 8;
export const LIGHT_UNTIL_HOUR = 18;

/** Light for local hours 8 to 18 inclusive, dark otherwise. Invalid hours throw a RangeError. */
export function themeForHour(hour: number): Theme {
  assertHour(hour);
  return hour >= LIGHT_FROM_HOUR && hour <= LIGHT_UNTIL_HOUR ? 'light' : 'dark';
}
