import type { Translation } from '../translation';
import type { archives as zh } from '../zh-CN/archives';
import { plural } from './plural';

/** The archives page. */
export const archives = {
  summary: (n: number) => `${plural(n, 'article')} so far. Keep going!`,
  year: (year: number) => `${year}`,
} as const satisfies Translation<typeof zh>;
