import type { Translation } from '../translation';
import type { content as zh } from '../zh-CN/content';
import { plural } from './plural';

/**
 * The words most reading pages share: article cards, counts, the pager, a failed load. The side column, the
 * archives, albums, talks and blogroll have areas of their own, so a page's chunk carries only the words it shows.
 */
export const content = {
  latestArticles: 'Latest articles',
  pinned: 'Pinned',
  publishedAt: 'Published',
  uncategorised: 'Uncategorized',
  viewsValue: (views: string) => plural(views, 'view'),
  tagsLabel: 'Tags',
  articleCount: (n: number) => plural(n, 'article'),
  itemCount: (n: number) => plural(n, 'item'),
  categoryTotal: (n: number) => plural(n, 'category', 'categories'),
  tagTotal: (n: number) => plural(n, 'tag'),
  noArticles: 'No articles yet',
  /** A page's subject that is gone (the server's refusals say the same, in contentServer). */
  missing: { talk: 'Note not found', category: 'Category not found', tag: 'Tag not found' },
  noCategories: 'No categories yet',
  noTags: 'No tags yet',
  noResources: 'No recommended resources yet',
  noSites: 'No sites listed yet',
  loadFailed: 'Couldn’t load',
  loadFailedHint: 'Check your connection and try again',
  retry: 'Try again',
  pager: 'Pagination',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageNumber: (n: number) => `Page ${n}`,
  /**
   * What the reading pages show of comments before the comment section's own code (and words) arrive:
   * the counts on cards and in the article's meta, the section's title (issue 22).
   */
  comments: {
    title: 'Comments',
    count: (n: number) => plural(n, 'comment'),
    /** On cards: the count already compacted (12.3k). */
    countShort: (n: string) => plural(n, 'comment'),
  },
} as const satisfies Translation<typeof zh>;
