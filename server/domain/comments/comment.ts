import type { CommentOrder, CommentStatus, CommentTargetType } from '../../../src/protocol/comments';

export type { CommentOrder, CommentStatus, CommentTargetType };

/** What a comment is on. */
export interface CommentTarget {
  type: CommentTargetType;
  id: number;
}

/** A public article or talk as comments need it. */
export interface TargetInfo {
  /** The article's title, or the talk's text (the service cuts an excerpt). */
  title: string;
  /** Approved, not deleted comments. */
  commentCount: number;
  /** The blogger closed its comments: no new ones are taken. */
  commentsClosed: boolean;
}

/** One stored comment with what its readers see of its author and of the comment it answers. */
export interface StoredComment {
  id: number;
  target: CommentTarget;
  /** The top-level comment of its thread; null for a top-level comment. */
  parentId: number | null;
  /** The comment it answers; null for a top-level comment. */
  replyTo: number | null;
  /** The answered comment's author's name (null when `replyTo` is). */
  replyToNickName: string | null;
  /** The answered comment's author's account (null for a visitor, or when `replyTo` is). */
  replyToUserId: number | null;
  userId: number | null;
  /** The user's current nickname, or the visitor's. */
  nickName: string;
  avatar: string;
  /** The author is an administrator. */
  admin: boolean;
  email: string;
  site: string;
  content: string;
  html: string;
  status: CommentStatus;
  deleted: boolean;
  replyCount: number;
  likes: number;
  createdAt: string;
}

/** A comment about to be stored; its thread, counts and listing are the repository's to keep. */
export interface NewComment {
  target: CommentTarget;
  parentId: number | null;
  replyTo: number | null;
  userId: number | null;
  nickName: string;
  email: string;
  site: string;
  content: string;
  html: string;
  status: CommentStatus;
  addressHash: string;
  createdAt: string;
  /** An imported comment's origin (`twikoo:<id>`…): the same one is never stored twice. */
  importKey?: string;
  /** Likes it had in the old system (an import); 0 otherwise. */
  likes?: number;
}

/** Who asks: the signed-in user (or null) and, for visitors' likes and the per-address limit, the client. */
export interface Viewer {
  user: { id: number; role: number; nickName: string; avatar: string } | null;
  address: string;
  userAgent: string;
}

/** The moderation settings. */
export interface CommentSettings {
  visitorsMayComment: boolean;
  keywords: string[];
}

/** A user's reply-email settings. */
export interface EmailSettings {
  email: string;
  notify: boolean;
}
