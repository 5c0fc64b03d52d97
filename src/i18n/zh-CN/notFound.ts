import { localised } from '../language';

export const notFound = localised('notFound', {
  title: '404',
  message: '你要找的页面被风吹走了',
  goHome: '回到首页',
} as const);
