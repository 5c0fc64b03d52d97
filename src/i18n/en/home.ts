import type { Translation } from '../translation';
import type { home as zh } from '../zh-CN/home';
import { plural } from './plural';

export const home = {
  scrollDown: 'Scroll down',
  author: 'Author',
  notice: 'Announcement',
  runningDays: 'Running for',
  days: (n: number) => plural(n, 'day'),
  totalViews: 'Total views',
} as const satisfies Translation<typeof zh>;
