import { localised } from '../language';

export const home = localised('home', {
  scrollDown: '向下浏览',
  author: '博主',
  notice: '公告',
  runningDays: '已运行',
  days: (n: number) => `${n} 天`,
  totalViews: '总访问量',
} as const);
