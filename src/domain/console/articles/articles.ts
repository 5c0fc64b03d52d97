import type { NamedRef } from '../../content/content';
import type { ArticleDraft } from './articleDraft';

/**
 * The console's articles as its views see them. They mirror src/protocol/console/articles.ts (the HTTP
 * adapter maps one to the other), so views and ports never depend on the wire module.
 */

/** The server's limits (src/protocol/console/articles.ts; the HTTP adapter checks they agree). */
export const ARTICLE_LIMITS = {
  title: 200,
  summary: 500,
  tags: 20,
  /** A category or tag name. */
  name: 50,
  keyword: 50,
} as const;

/** 草稿 / 已发布 / 定时发布 / 已隐藏 / 回收站. */
export type ArticleStatus = 'draft' | 'published' | 'scheduled' | 'hidden' | 'trash';

/** The list's tabs: every article outside the 回收站, or one status. */
export type ArticleTab = 'all' | ArticleStatus;
export const ARTICLE_TABS: readonly ArticleTab[] = ['all', 'draft', 'published', 'scheduled', 'hidden', 'trash'];

export type ArticleCounts = Record<ArticleTab, number>;

export interface ArticleRow {
  id: number;
  title: string;
  status: ArticleStatus;
  category: NamedRef | null;
  tags: NamedRef[];
  views: number;
  likes: number;
  /** Approved comments readers see under it. */
  comments: number;
  pinned: boolean;
  createdAt: string;
  updatedAt: string;
  /** When a scheduled article goes out. */
  publishAt: string | null;
  /** When it went to the 回收站. */
  deletedAt: string | null;
}

export interface ArticleListQuery {
  current: number;
  size: number;
  tab: ArticleTab;
  /** Part of the title; '' for any. */
  keyword: string;
  categoryId: number | null;
  tagId: number | null;
}

export interface ArticleListPage {
  list: ArticleRow[];
  total: number;
  current: number;
  size: number;
  counts: ArticleCounts;
}

/** Every category and tag, for the editor's pickers and the list's filters. */
export interface ArticleOptions {
  categories: NamedRef[];
  tags: NamedRef[];
}

/** An article as the editor opens it: its text at a version, and where it stands. */
export interface ConsoleArticle {
  id: number;
  draft: ArticleDraft;
  version: number;
  status: ArticleStatus;
  publishAt: string | null;
  views: number;
  likes: number;
  createdAt: string;
  updatedAt: string;
}

/** The state changes a row or the editor offers. */
export type StatusChange = 'unpublish' | 'hide' | 'unhide' | 'trash' | 'restore';

export interface RevisionSummary {
  version: number;
  title: string;
  /** Characters of the Markdown body. */
  size: number;
  createdAt: string;
}

export interface Revision extends RevisionSummary {
  content: string;
  summary: string;
}

/** What a row offers for an article in this status (发布 publishes now; a scheduled one can go out early). */
export interface RowActions {
  publish: boolean;
  unpublish: boolean;
  hide: boolean;
  unhide: boolean;
  trash: boolean;
  restore: boolean;
  remove: boolean;
}

export function rowActions(status: ArticleStatus): RowActions {
  const inBin = status === 'trash';
  return {
    publish: status === 'draft' || status === 'scheduled',
    unpublish: status === 'published' || status === 'scheduled' || status === 'hidden',
    hide: status === 'published',
    unhide: status === 'hidden',
    trash: !inBin,
    restore: inBin,
    remove: inBin,
  };
}
