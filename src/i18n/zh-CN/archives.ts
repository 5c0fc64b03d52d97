import { localised } from '../language';

/** The archives page. */
export const archives = localised('archives', {
  summary: (n: number) => `目前共计 ${n} 篇文章，继续加油！`,
  year: (year: number) => `${year} 年`,
} as const);
