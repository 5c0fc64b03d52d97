import type { Translation } from '../translation';
import type { content as zh } from '../zh-CN/content';
import { plural } from './plural';

/** The reading pages: lists, side column, albums, notes, blogroll, resources and sites. */
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
  /** What the administrator sees instead of "check back soon" on an empty blog. */
  firstArticle: {
    hint: 'Bring in your existing Markdown posts (from Hexo, Hugo or Jekyll): in the blog’s folder on the server, run',
    command: 'npm run import -- <posts folder>',
  },
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
  side: {
    countsLabel: 'Article stats',
    articles: 'Articles',
    categories: 'Categories',
    tags: 'Tags',
    hot: 'Popular articles',
    tagCloud: 'Tag cloud',
    facts: 'Site info',
    articleTotal: 'Articles',
    talkTotal: 'Notes',
    lastUpdate: 'Last updated',
    /** The hot list's numbers, for screen readers (issue 22). */
    hotCounts: (views: string, comments: string) => `${plural(views, 'view')}, ${plural(comments, 'comment')}`,
  },
  archives: {
    summary: (n: number) => `${plural(n, 'article')} so far. Keep going!`,
    year: (year: number) => `${year}`,
  },
  articleList: {
    byCategory: (name: string) => `Category · ${name}`,
    byTag: (name: string) => `Tag · ${name}`,
    chooseFilter: 'Choose a category or tag',
    chooseFilterHint: 'Open a category or tag to see its articles',
  },
  gallery: {
    noAlbums: 'No albums yet',
    photoCount: (n: number) => plural(n, 'photo'),
    albumMissing: 'Album not found',
    noPhotos: 'This album has no photos yet',
    backToAlbums: 'Back to albums',
    loadMore: 'Load more',
    photo: (n: number) => `Photo ${n}`,
    viewer: 'Image viewer',
    previous: 'Previous',
    next: 'Next',
    close: 'Close',
    position: (index: number, total: number) => `${index} / ${total}`,
  },
  talk: {
    empty: 'No notes yet',
    all: 'See all notes',
    permalink: 'Permalink',
    image: (n: number) => `View image ${n}`,
    likeName: (liked: boolean, shown: string) => `${liked ? 'Unlike' : 'Like this note'}, ${plural(shown, 'like')}`,
    comments: (n: number) => plural(n, 'comment'),
    hideComments: 'Hide comments',
  },
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
  links: {
    title: 'Friends',
    count: (n: number) => plural(n, 'site'),
    empty: 'The blogroll is empty',
    apply: 'Join the blogroll',
    applyHint: 'Link exchanges welcome! Tell us about your site; it appears above once the site owner approves it.',
    loginToApply: 'Sign in to request a link',
    name: 'Site name',
    namePlaceholder: 'e.g. 听雨小筑',
    url: 'Site address',
    avatar: 'Avatar URL (optional)',
    description: 'Site description (optional)',
    descriptionPlaceholder: 'Your site in one sentence',
    submit: 'Send request',
    pending: 'Request sent. It’s waiting for the site owner’s review.',
    failed: 'Couldn’t send. Please try again later.',
    nameRequired: 'Enter your site’s name',
    urlInvalid: 'The site address should start with http:// or https://',
    avatarInvalid: 'The avatar URL should start with http:// or https://',
  },
} as const satisfies Translation<typeof zh>;
