import { localised } from '../language';

/**
 * The words most reading pages share: article cards, counts, the pager, a failed load. The side column, the
 * archives, albums, talks and blogroll have areas of their own, so a page's chunk carries only the words it shows.
 */
export const content = localised('content', {
  latestArticles: '最新文章',
  pinned: '置顶',
  publishedAt: '发表于',
  uncategorised: '未分类',
  viewsValue: (views: string) => `${views} 次浏览`,
  tagsLabel: '标签',
  articleCount: (n: number) => `${n} 篇文章`,
  itemCount: (n: number) => `${n} 个`,
  categoryTotal: (n: number) => `共 ${n} 个分类`,
  tagTotal: (n: number) => `共 ${n} 个标签`,
  noArticles: '还没有文章',
  /** A page's subject that is gone (the server's refusals say the same, in contentServer). */
  missing: { talk: '说说不存在', category: '分类不存在', tag: '标签不存在' },
  noCategories: '还没有分类',
  noTags: '还没有标签',
  noResources: '还没有推荐资源',
  noSites: '还没有收录网站',
  loadFailed: '加载失败',
  loadFailedHint: '请检查网络后重试',
  retry: '重试',
  pager: '分页',
  previousPage: '上一页',
  nextPage: '下一页',
  pageNumber: (n: number) => `第 ${n} 页`,
  /**
   * What the reading pages show of comments before the comment section's own code (and words) arrive:
   * the counts on cards and in the article's meta, the section's title (issue 22).
   */
  comments: {
    title: '评论',
    count: (n: number) => `${n} 条评论`,
    /** On cards: the count already compacted (1.2万). */
    countShort: (n: string) => `${n} 条评论`,
  },
} as const);
