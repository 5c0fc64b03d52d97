import { localised } from '../language';

/** Words of the app shell. */
export const shell = localised('shell', {
  backToTop: '回到顶部',
  loading: '加载中...',
  lazyLoadFailed: '页面加载失败，请刷新重试',
} as const);
