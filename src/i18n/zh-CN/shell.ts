/** Words of the app shell. */
export const backToTop = '回到顶部';
export const loading = '加载中...';
export const lazyLoadFailed = '页面加载失败，请刷新重试';
