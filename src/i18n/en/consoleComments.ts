import type { Translation } from '../translation';
import type { consoleComments as zh } from '../zh-CN/consoleComments';
import { plural } from './plural';

/** The console's comment moderation (issue 22): the review queue and the comment settings. */
export const consoleComments = {
  title: 'Comments',
  tabsLabel: 'Comment status',
  tabs: { pending: 'Pending', approved: 'Approved', spam: 'Spam' },
  searchLabel: 'Search comments',
  searchPlaceholder: 'Search text, names or emails',
  search: 'Search',
  empty: { pending: 'No comments waiting for review', approved: 'No approved comments yet', spam: 'No spam' },
  noMatch: 'No comments match',
  loadFailed: 'Comments failed to load',
  retry: 'Try again',
  selectAll: 'Select all on this page',
  select: (name: string) => `Select the comment by ${name}`,
  selected: (n: number) => `${n} selected`,
  approve: 'Approve',
  spam: 'Mark as spam',
  delete: 'Delete',
  authorComments: 'Their other comments',
  authorCommentsTitle: (name: string) => `All comments by ${name}`,
  close: 'Close',
  visitor: 'Guest',
  admin: 'Author',
  on: (what: string) => `On ${what}`,
  notPublic: '(not public)',
  replyTo: (name: string) => `Reply to @${name}`,
  reply: 'Reply',
  matched: (words: string) => `Matched keywords: ${words}`,
  likes: (n: number) => plural(n, 'like'),
  confirmDeleteTitle: 'Delete comments',
  confirmDelete: (n: number) =>
    `${n === 1 ? 'Delete this comment?' : `Delete the ${n} selected comments?`} Comments with replies will show as “This comment was deleted”.`,
  acted: {
    approve: (n: number) => `Approved ${plural(n, 'comment')}`,
    spam: (n: number) => `Marked ${plural(n, 'comment')} as spam`,
    delete: (n: number) => `Deleted ${plural(n, 'comment')}`,
  },
  settings: {
    title: 'Comment settings',
    visitors: 'Allow guest comments',
    visitorsHint:
      'Guests must give a name; email and website are optional. Every guest comment is reviewed before it appears.',
    keywords: 'Keywords',
    keywordsHint:
      'One per line (or separated by commas). Comments containing any of them go to review instead of appearing right away.',
    keywordsCount: (n: number, max: number) => `${n} / ${max}`,
    tooMany: (max: number) => `At most ${plural(max, 'keyword')}`,
    tooLong: (word: string, max: number) => `The keyword “${word}” is longer than ${plural(max, 'character')}`,
    save: 'Save settings',
    saved: 'Comment settings saved',
  },
} as const satisfies Translation<typeof zh>;
