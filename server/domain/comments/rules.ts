import {
  MAX_COMMENT_EMAIL_LENGTH,
  MAX_COMMENT_LENGTH,
  MAX_COMMENT_LINKS,
  MAX_COMMENT_NICKNAME_LENGTH,
  MAX_COMMENT_SITE_LENGTH,
} from '../../../src/protocol/comments';
import { MAX_COMMENT_KEYWORD_LENGTH, MAX_COMMENT_KEYWORDS } from '../../../src/protocol/console/comments';
import { AppError } from '../errors';
import type { CommentStatus } from './comment';
import { commentMessages } from './messages';

/** Characters as a reader counts them: code points, so an emoji is one. */
export function lengthOf(text: string): number {
  return Array.from(text).length;
}

/** ASCII letters lower-cased, everything else as it is (keywords and searches ignore ASCII case only). */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** A comment's text as stored: trimmed, not empty, at most MAX_COMMENT_LENGTH, at most MAX_COMMENT_LINKS links. */
export function checkedText(raw: string, linkCount: (text: string) => number): string {
  const text = raw.trim();
  if (text === '') throw new AppError('invalid', commentMessages.contentEmpty);
  if (lengthOf(text) > MAX_COMMENT_LENGTH)
    throw new AppError('invalid', commentMessages.contentTooLong(MAX_COMMENT_LENGTH));
  if (linkCount(text) > MAX_COMMENT_LINKS)
    throw new AppError('invalid', commentMessages.tooManyLinks(MAX_COMMENT_LINKS));
  return text;
}

const EMAIL = /^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;.]+$/u;

/** '' or a plausible address of at most MAX_COMMENT_EMAIL_LENGTH characters, trimmed. */
export function checkedEmail(
  raw: string,
  messages: { invalid: string; tooLong: (max: number) => string } = {
    invalid: commentMessages.emailInvalid,
    tooLong: commentMessages.emailTooLong,
  },
): string {
  const email = raw.trim();
  if (email === '') return '';
  if (lengthOf(email) > MAX_COMMENT_EMAIL_LENGTH)
    throw new AppError('invalid', messages.tooLong(MAX_COMMENT_EMAIL_LENGTH));
  if (!EMAIL.test(email)) throw new AppError('invalid', messages.invalid);
  return email;
}

/** '' or an http(s) address of at most MAX_COMMENT_SITE_LENGTH characters. */
export function checkedSite(raw: string): string {
  const site = raw.trim();
  if (site === '') return '';
  if (lengthOf(site) > MAX_COMMENT_SITE_LENGTH)
    throw new AppError('invalid', commentMessages.siteTooLong(MAX_COMMENT_SITE_LENGTH));
  if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i.test(site))
    throw new AppError('invalid', commentMessages.siteInvalid);
  return site;
}

/** A visitor's name: 1–MAX_COMMENT_NICKNAME_LENGTH characters after trimming, no line breaks. */
export function checkedNickName(raw: string | undefined): string {
  const name = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (name === '') throw new AppError('invalid', commentMessages.nickNameRequired);
  if (lengthOf(name) > MAX_COMMENT_NICKNAME_LENGTH) {
    throw new AppError('invalid', commentMessages.nickNameTooLong(MAX_COMMENT_NICKNAME_LENGTH));
  }
  return name;
}

/** The administrator's keywords as kept: trimmed, blanks and repeats (ASCII case aside) dropped, bounded. */
export function checkedKeywords(raw: readonly string[]): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const entry of raw) {
    const keyword = entry.trim();
    if (keyword === '') continue;
    if (lengthOf(keyword) > MAX_COMMENT_KEYWORD_LENGTH) {
      throw new AppError('invalid', commentMessages.keywordEntryTooLong(MAX_COMMENT_KEYWORD_LENGTH));
    }
    const key = foldAscii(keyword);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
  }
  if (kept.length > MAX_COMMENT_KEYWORDS)
    throw new AppError('invalid', commentMessages.tooManyKeywords(MAX_COMMENT_KEYWORDS));
  return kept;
}

/** The keywords a text contains, ASCII case ignored. */
export function matchedKeywords(text: string, keywords: readonly string[]): string[] {
  const folded = foldAscii(text);
  return keywords.filter((keyword) => folded.includes(foldAscii(keyword)));
}

/** What a new comment starts as: visitors' and keyword matches wait; the administrator's never do. */
export function initialStatus(author: { visitor: boolean; admin: boolean }, matched: readonly string[]): CommentStatus {
  if (author.admin) return 'approved';
  return author.visitor || matched.length > 0 ? 'pending' : 'approved';
}

/** The fields of a comment that decide whether public lists show it. */
export interface ListingFacts {
  parentId: number | null;
  status: CommentStatus;
  deleted: boolean;
  /** Listed replies (top-level comments only). */
  replyCount: number;
}

/**
 * Whether public lists show a comment: an approved one that is not deleted; a deleted top-level comment
 * stays (as 该评论已删除) while it has listed replies. A reply of a thread that is not listed is never
 * reached, whatever its own flag.
 */
export function isListed(comment: ListingFacts): boolean {
  if (comment.status !== 'approved') return false;
  if (!comment.deleted) return true;
  return comment.parentId === null && comment.replyCount > 0;
}

/** How many comments a thread (its top-level comment) adds to its target's comment count. */
export function countedIn(top: ListingFacts): number {
  if (!isListed(top)) return 0;
  return (top.deleted ? 0 : 1) + top.replyCount;
}
