import type { ConsoleArticleStatus } from '../../src/protocol/console/articles';
import type { NamedRef } from '../domain/content/article';
import type { ArticleInput, EditableArticle, StoredState } from '../domain/content/articleEditing';

export interface ConsoleListQuery {
  offset: number;
  limit: number;
  /** Absent: every article outside the 回收站. */
  status?: ConsoleArticleStatus;
  /** Part of the title (ASCII letters case-insensitive). */
  keyword?: string;
  categoryId?: number;
  tagId?: number;
}

/** One row of the console's list (no body). */
export type ConsoleArticleRow = Omit<EditableArticle, 'content' | 'summary' | 'cover' | 'commentsClosed' | 'trashedStatus'>;

export interface ArticleRevision {
  version: number;
  title: string;
  content: string;
  /** As written ('' = the start of the body). */
  summary: string;
  size: number;
  createdAt: string;
}

/** What a text save writes beside the input: derived values the service computes. */
export interface TextWrite {
  input: ArticleInput;
  /** The summary readers see: as written, or the start of the body. */
  shownSummary: string;
  wordCount: number;
  now: string;
}

/** Articles as the console edits them: every status, the text with its versions and revisions, the 回收站. */
export interface ArticleEditorRepository {
  list(
    query: ConsoleListQuery,
  ): Promise<{ rows: ConsoleArticleRow[]; total: number; counts: Record<ConsoleArticleStatus, number> }>;
  /** Every category and tag, by name. */
  options(): Promise<{ categories: NamedRef[]; tags: NamedRef[] }>;
  categoryExists(id: number): Promise<boolean>;
  find(id: number): Promise<EditableArticle | undefined>;
  /** A new draft, version 1, with its first revision. */
  create(write: TextWrite): Promise<EditableArticle>;
  /**
   * Writes the text as version `baseVersion + 1` with its revision, pruning revisions beyond `keep`, all in
   * one transaction, only if the article is still at `baseVersion` and outside the 回收站; false otherwise.
   */
  saveText(id: number, baseVersion: number, write: TextWrite, keep: number): Promise<boolean>;
  /** Newest first. */
  revisions(id: number): Promise<Omit<ArticleRevision, 'content' | 'summary'>[]>;
  revision(id: number, version: number): Promise<ArticleRevision | undefined>;
  /**
   * Moves the article from `from` to `to` only if it is still exactly in `from` (one conditional update):
   * true when this call made the change, so of two racing writers only one acts on it.
   */
  changeState(id: number, from: StoredState, to: StoredState, now: string): Promise<boolean>;
  /** Scheduled articles whose time has come (outside the 回收站), earliest first. */
  due(
    now: string,
    limit: number,
  ): Promise<(Pick<EditableArticle, 'id' | 'title'> & StoredState & { publishAt: string })[]>;
  /** Deletes articles in the 回收站 for good (bodies, tag links, search tokens, revisions); returns how many. */
  deleteTrashed(ids: 'all' | readonly number[]): Promise<number>;
}
