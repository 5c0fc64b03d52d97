import type { CommentRef, CommentStatus, CommentTargetType } from '../../comments/comments';

/**
 * The console's review queue (issue 22): comments by status (待审核 / 已通过 / 垃圾), searchable, and the
 * comment settings. The types mirror src/protocol/console/comments.ts field for field.
 */

export interface ReviewTarget {
  type: CommentTargetType;
  id: number;
  /** The article's title or the start of the talk. */
  title: string;
  /** The reader's address of it, '' when it is not public. */
  url: string;
}

export interface ReviewAuthor {
  userId: number | null;
  nickName: string;
  avatar: string;
  /** The visitor's or the user's email, '' for none. */
  email: string;
  site: string;
  admin: boolean;
}

export interface ReviewComment {
  id: number;
  target: ReviewTarget;
  parentId: number | null;
  replyTo: CommentRef | null;
  author: ReviewAuthor;
  content: string;
  /** The server's safe HTML. */
  html: string;
  status: CommentStatus;
  likes: number;
  /** Keywords of the list the text contains: why it waits. */
  matchedKeywords: string[];
  createdAt: string;
}

export type ReviewCounts = Record<CommentStatus, number>;

export interface ReviewPage {
  list: ReviewComment[];
  total: number;
  current: number;
  size: number;
  counts: ReviewCounts;
}

export interface ReviewQuery {
  status: CommentStatus;
  keyword: string;
  current: number;
  size: number;
}

export type ReviewAction = 'approve' | 'spam' | 'delete';

export interface CommentSettings {
  visitorsMayComment: boolean;
  keywords: string[];
}

/** Rows a page of the queue. */
export const REVIEW_PAGE_SIZE = 20;
export const REVIEW_KEYWORD_MAX_LENGTH = 50;
export const KEYWORDS_MAX = 500;
export const KEYWORD_MAX_LENGTH = 50;

/** The keyword list as the administrator types it (one a line, or separated by commas), cleaned as the server keeps it. */
export function parseKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const raw of text.split(/[\n,，]/)) {
    const keyword = raw.trim();
    if (keyword === '' || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    keywords.push(keyword);
  }
  return keywords;
}

export type KeywordsProblem = { kind: 'tooMany' } | { kind: 'tooLong'; keyword: string };

/** What the server would refuse in a keyword list, or null. */
export function keywordsProblem(keywords: readonly string[]): KeywordsProblem | null {
  if (keywords.length > KEYWORDS_MAX) return { kind: 'tooMany' };
  const long = keywords.find((keyword) => Array.from(keyword).length > KEYWORD_MAX_LENGTH);
  return long === undefined ? null : { kind: 'tooLong', keyword: long };
}

/** The status a queue action leaves a comment in (deleted ones leave the queue). */
export const ACTION_STATUS: Record<Exclude<ReviewAction, 'delete'>, CommentStatus> = { approve: 'approved', spam: 'spam' };
