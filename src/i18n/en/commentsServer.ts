import type { Translation } from '../translation';
import type { commentsServer as zh } from '../zh-CN/commentsServer';
import { plural } from './plural';

/** Server texts of comments (issue 22): refusals, notifications, the reply email and the unsubscribe page. */
export const commentsServer = {
  comment: 'Comment',
  article: 'Article',
  talk: 'Note',
  invalidTarget: 'Comments can only be on an article or a note',
  invalidOrder: 'The order must be newest or oldest',
  invalidCursor: 'The page position must be a positive whole number',
  invalidPage: 'The page number must be a positive whole number',
  targetNotFound: (what: string) => `${what} not found or closed to comments`,
  commentNotFound: 'That comment doesn’t exist or was deleted',
  replyNotInTarget: 'The comment you’re replying to isn’t here',
  contentEmpty: 'Your comment is empty',
  contentTooLong: (max: number) => `Comments can’t be longer than ${plural(max, 'character')}`,
  tooManyLinks: (max: number) => `A comment can contain at most ${plural(max, 'link')}`,
  nickNameRequired: 'Please enter your name',
  nickNameTooLong: (max: number) => `Names can’t be longer than ${plural(max, 'character')}`,
  emailInvalid: 'That email address doesn’t look right',
  emailTooLong: (max: number) => `Email addresses can’t be longer than ${plural(max, 'character')}`,
  siteInvalid: 'The website must start with http:// or https://',
  siteTooLong: (max: number) => `Website addresses can’t be longer than ${plural(max, 'character')}`,
  visitorsClosed: 'Please sign in to comment',
  tooFast: (limit: number) =>
    `You’re commenting too fast (at most ${plural(limit, 'comment')} a minute). Please try again shortly.`,
  duplicate: 'Please don’t post the same thing twice. Try again shortly.',
  notYours: 'You can only delete your own comments',
  likeIds: (max: number) => `At most ${plural(max, 'note')} can be looked up at once`,
  invalidStatus: 'A comment’s status must be pending, approved or spam',
  batchSize: (max: number) => `At most ${plural(max, 'comment')} can be handled at once`,
  keywordTooLong: (max: number) => `Searches can’t be longer than ${plural(max, 'character')}`,
  tooManyKeywords: (max: number) => `At most ${plural(max, 'keyword')}`,
  keywordEntryTooLong: (max: number) => `Each keyword can be at most ${plural(max, 'character')}`,
  pageSize: (max: number) => `Items per page must be between 1 and ${max}`,
  /** How a talk is named where a title belongs: the start of its text. */
  talkTitle: (excerpt: string) => `Note “${excerpt}”`,
  /** Notifications: plain text, the names and excerpts escaped by the server. */
  notify: {
    replied: (who: string, where: string, excerpt: string) => `${who} replied to your comment on ${where}: ${excerpt}`,
    commented: (who: string, where: string, excerpt: string) => `${who} commented on ${where}: ${excerpt}`,
    pending: (who: string, where: string, excerpt: string) =>
      `A comment by ${who} on ${where} is waiting for review: ${excerpt}`,
    articleWhere: (title: string) => `the article “${title}”`,
    talkWhere: (excerpt: string) => `the note “${excerpt}”`,
  },
  /** The email telling a user of a reply (text and HTML carry the same words). */
  mail: {
    subject: (siteName: string, who: string) => `[${siteName}] ${who} replied to your comment`,
    greeting: (nickName: string) => `Hi ${nickName},`,
    body: (who: string, where: string) => `${who} replied to your comment on ${where}.`,
    yours: 'Your comment:',
    reply: 'Their reply:',
    open: 'View reply',
    unsubscribeNote: 'Don’t want these emails?',
    unsubscribe: 'Unsubscribe from reply notifications',
    footer: (siteName: string) => `This email was sent automatically by ${siteName}. Please don’t reply to it.`,
  },
  /** The small page the unsubscribe link answers. */
  unsubscribe: {
    title: 'Email notifications',
    done: 'You’re unsubscribed: we won’t email you when someone replies to your comments. You can turn notifications back on any time in your account.',
    invalid:
      'This unsubscribe link is invalid or has expired (your email may have changed). Manage notifications with the email switch in your account.',
    home: 'Back to home',
  },
  account: {
    emailInvalid: 'That email address doesn’t look right',
    emailTooLong: (max: number) => `Email addresses can’t be longer than ${plural(max, 'character')}`,
    emailRequired: 'Enter an email address before turning on notifications',
  },
  /** Issue 49: an article whose comments the blogger closed. */
  commentsClosed: 'The author has closed comments on this article',
} as const satisfies Translation<typeof zh>;
