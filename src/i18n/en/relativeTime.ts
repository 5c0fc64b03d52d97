import type { Translation } from '../translation';
import type { relativeTime as zh } from '../zh-CN/relativeTime';
import { plural } from './plural';

export const relativeTime = {
  second: (n: number) => `${plural(n, 'second')} ago`,
  minute: (n: number) => `${plural(n, 'minute')} ago`,
  hour: (n: number) => `${plural(n, 'hour')} ago`,
  day: (n: number) => `${plural(n, 'day')} ago`,
} as const satisfies Translation<typeof zh>;
