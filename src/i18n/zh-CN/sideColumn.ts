import { localised } from '../language';

/** The side column of the lists: counts, hot articles, tag cloud, facts. */
export const sideColumn = localised('sideColumn', {
  countsLabel: '文章统计',
  articles: '文章',
  categories: '分类',
  tags: '标签',
  hot: '热门文章',
  tagCloud: '标签云',
  facts: '网站资讯',
  articleTotal: '文章数目',
  talkTotal: '说说数目',
  lastUpdate: '最后更新',
  /** The hot list's numbers, for screen readers (issue 22). */
  hotCounts: (views: string, comments: string) => `${views} 次浏览，${comments} 条评论`,
} as const);
