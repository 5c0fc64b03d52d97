import type { Translation } from '../translation';
import type { comments as zh } from '../zh-CN/comments';
import { plural } from './plural';

/** Comments under articles and talks (issue 22), talk likes, and the personal centre's reply emails. */
export const comments = {
  title: 'Comments',
  count: (n: number) => plural(n, 'comment'),
  order: 'Sort',
  newest: 'Newest',
  oldest: 'Oldest',
  empty: 'No comments yet. Start the conversation!',
  loadMore: 'Load more',
  loading: 'Loading…',
  noMore: 'No more comments',
  loadFailed: 'Comments failed to load',
  retry: 'Try again',

  // The comment box.
  boxLabel: 'Comment',
  placeholder: 'Share your thoughts… **bold**, *italic*, `code` and links work',
  replyPlaceholder: (name: string) => `Reply to @${name}…`,
  counter: (n: number, max: number) => `${n} / ${max}`,
  submit: 'Post comment',
  replySubmit: 'Reply',
  cancelReply: 'Cancel reply',
  emoji: 'Insert emoji',
  emojiPanel: 'Emoji',
  loginHint: 'Sign in to join the discussion',
  login: 'Sign in',
  visitorHint: 'Guest comments appear once the author approves them',
  nickname: 'Name',
  email: 'Email (optional, never shown)',
  site: 'Website (optional)',
  problems: {
    empty: 'Your comment is empty',
    tooLong: (max: number) => `Comments can’t be longer than ${plural(max, 'character')}`,
    nicknameRequired: 'Please enter your name',
    nicknameTooLong: (max: number) => `Names can’t be longer than ${plural(max, 'character')}`,
    emailInvalid: 'That email address doesn’t look right',
    siteInvalid: 'The website must start with http:// or https://',
  },
  posted: 'Comment posted',
  pendingPosted: 'Comment submitted. Everyone will see it once it’s approved.',

  // One comment.
  admin: 'Author',
  sending: 'Sending…',
  pending: 'Pending review',
  pendingNote: 'Only you can see this until it’s approved',
  deleted: 'This comment was deleted',
  reply: 'Reply',
  replyTo: (name: string) => `Reply to @${name}`,
  like: 'Like',
  likeName: (liked: boolean, shown: string) => `${liked ? 'Unlike' : 'Like'}, ${plural(shown, 'like')}`,
  delete: 'Delete',
  confirmDeleteTitle: 'Delete comment',
  confirmDelete: 'Delete this comment? If it has replies, it will show as “This comment was deleted”.',
  confirm: 'Delete',
  cancel: 'Cancel',
  removed: 'Comment deleted',
  showAllReplies: (n: number) => (n === 1 ? 'View 1 reply' : `View all ${n} replies`),
  moreReplies: (n: number) => `Show ${plural(n, 'more reply', 'more replies')}`,
  avatarOf: (name: string) => `${name}’s avatar`,
  commentsOf: (title: string) => `Comments on “${title}”`,

  // The personal centre.
  mail: {
    title: 'Email notifications',
    email: 'Email',
    emailPlaceholder: 'Your email address',
    emailHint: 'We’ll email you here when someone replies to your comments (it’s never shown publicly)',
    notify: 'Email me when someone replies',
    save: 'Save email',
    saved: 'Email saved',
    notifyOn: 'Email notifications on',
    notifyOff: 'Email notifications off',
    needEmail: 'Enter and save your email before turning on notifications',
    emailInvalid: 'That email address doesn’t look right',
  },
  /** Issue 49: shown instead of the box under an article whose comments are closed. */
  closed: 'The author has closed comments on this article',
} as const satisfies Translation<typeof zh>;
