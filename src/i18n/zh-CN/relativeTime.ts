import { localised } from '../language';

export const relativeTime = localised('relativeTime', {
  second: (n: number) => `${n}秒前`,
  minute: (n: number) => `${n}分钟前`,
  hour: (n: number) => `${n}小时前`,
  day: (n: number) => `${n}天前`,
} as const);
