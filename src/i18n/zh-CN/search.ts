import { localised } from '../language';

/** The header's search dialog (spec section 2). */
export const search = localised('search', {
  title: '搜索',
  placeholder: '请输入搜索内容',
  close: '关闭搜索',
  history: '搜索历史',
  clearHistory: '清空',
  noHistory: '暂无搜索记录',
  hot: '热门推荐',
  searching: '搜索中...',
  noResults: (keyword: string) => `没有找到与“${keyword}”相关的文章`,
  resultCount: (n: number) => `找到 ${n} 篇相关文章`,
  failed: (reason: string) => `搜索失败：${reason}`,
} as const);
