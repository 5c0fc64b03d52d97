import { assertHour } from './hour';

export type GreetingPeriod =
  | 'earlyHours'
  | 'morning'
  | 'forenoon'
  | 'noon'
  | 'afternoon'
  | 'evening'
  | 'night'
  | 'lateNight';

/** Ordered table: each period runs from `from` up to the next entry's `from`. */
export const GREETING_PERIODS: readonly { readonly period: GreetingPeriod; readonly from: number }[] = [
  { period: 'earlyHours', from: 0 },
  { period: 'morning', from: 5 },
  { period: 'forenoon', from: 9 },
  { period: 'noon', from: 12 },
  { period: 'afternoon', from: 14 },
  { period: 'evening', from: 18 },
  { period: 'night', from: 20 },
  { period: 'lateNight', from: 22 },
];

/** The user who gets the special greeting (spec: "the user with id 3"). */
export const SPECIAL_GREETING_USER_ID = 3;

export type GreetingAudience = 'special' | 'named' | 'anonymous';

export interface GreetingInput {
  hour: number;
  userName?: string | null;
  userId?: number | null;
}

export interface Greeting {
  period: GreetingPeriod;
  audience: GreetingAudience;
  userName?: string;
}

export function greetingPeriod(hour: number): GreetingPeriod {
  assertHour(hour);
  let current: GreetingPeriod = 'earlyHours';
  for (const entry of GREETING_PERIODS) {
    if (hour >= entry.from) current = entry.period;
  }
  return current;
}

/** Picks the greeting key; the UI catalogue turns it into text. */
export function greetingFor({ hour, userName, userId }: GreetingInput): Greeting {
  const period = greetingPeriod(hour);
  // Whitespace-only names are treated as absent so the UI never greets "  ".
  const name = userName?.trim() ? userName.trim() : undefined;
  if (userId === SPECIAL_GREETING_USER_ID) {
    return name === undefined ? { period, audience: 'special' } : { period, audience: 'special', userName: name };
  }
  if (name !== undefined) return { period, audience: 'named', userName: name };
  return { period, audience: 'anonymous' };
}
