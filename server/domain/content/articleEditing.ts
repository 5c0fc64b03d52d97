import {
  MAX_ARTICLE_CONTENT_LENGTH,
  MAX_ARTICLE_COVER_LENGTH,
  MAX_ARTICLE_SUMMARY_LENGTH,
  MAX_ARTICLE_TAGS,
  MAX_ARTICLE_TITLE_LENGTH,
  MAX_SCHEDULE_AHEAD_DAYS,
  MAX_TAXONOMY_NAME_LENGTH,
  type ArticleCreateBody,
  type ConsoleArticleStatus,
} from '../../../src/protocol/console/articles';
import * as zhCN from '../../../src/i18n/zh-CN';
import { AppError } from '../errors';
import type { ArticleStatus, NamedRef } from './article';
import { isImageAddress, isWebAddress } from './showcase';

/*
 * The console's rules for writing articles (issue 21): what a save may hold, where an article stands, and
 * which state changes apply. Pure: the service reads and writes through the store.
 */

export const editingMessages = zhCN.consoleArticlesServer;
const text = editingMessages;

/** An article's category as the writer chose it: an existing one, one by name (made when missing), or none. */
export type CategoryChoice = { id: number } | { name: string } | null;

/** The text of an article as the editor saves it, checked and trimmed. */
export interface ArticleInput {
  title: string;
  /** Markdown, kept exactly as written. */
  content: string;
  /** As written; '' lets the site show the start of the body. */
  summary: string;
  cover: string;
  category: CategoryChoice;
  /** Names in order, without duplicates. */
  tags: string[];
  pinned: boolean;
  /** Undefined keeps what the article has. */
  commentsClosed?: boolean;
}

/** How the store keeps where an article stands (see migration 0014). */
export interface StoredState {
  /** What readers go by: only 'public' is ever shown. */
  status: ArticleStatus;
  /** A draft with a publish time is scheduled. */
  publishAt: string | null;
  /** Set in the 回收站 (status is then 'hidden'). */
  deletedAt: string | null;
  /** The status before the 回收站. */
  trashedStatus: ArticleStatus | null;
  /** The article's date: a draft takes its publish time when it goes public. */
  createdAt: string;
}

/** An article as the console reads it. */
export interface EditableArticle extends StoredState {
  id: number;
  title: string;
  content: string;
  /** The summary as written ('' = the start of the body). */
  summary: string;
  cover: string;
  category: NamedRef | null;
  tags: NamedRef[];
  pinned: boolean;
  commentsClosed: boolean;
  version: number;
  views: number;
  likes: number;
  /** Approved comments. */
  comments: number;
  updatedAt: string;
}

export function consoleStatusOf(state: Pick<StoredState, 'status' | 'publishAt' | 'deletedAt'>): ConsoleArticleStatus {
  if (state.deletedAt !== null) return 'trash';
  if (state.status === 'public') return 'published';
  if (state.status === 'hidden') return 'hidden';
  return state.publishAt !== null ? 'scheduled' : 'draft';
}

const length = (value: string) => Array.from(value).length;

function name(raw: string, field: string, emptyMessage: string): string {
  const trimmed = raw.trim();
  if (trimmed === '') throw new AppError('invalid', emptyMessage);
  if (length(trimmed) > MAX_TAXONOMY_NAME_LENGTH)
    throw new AppError('invalid', text.tooLong(field, MAX_TAXONOMY_NAME_LENGTH));
  return trimmed;
}

/** A cover: none, an upload of this site, or a web address (imported articles may point elsewhere). */
export function isCoverAddress(cover: string): boolean {
  return cover === '' || isImageAddress(cover) || isWebAddress(cover);
}

/** Checks what the editor sends; a broken rule is a 400 with the Chinese message naming it. */
export function parseArticleInput(body: ArticleCreateBody, parseCategoryId: (raw: number) => number): ArticleInput {
  const title = body.title.trim();
  if (title === '') throw new AppError('invalid', text.titleRequired);
  if (length(title) > MAX_ARTICLE_TITLE_LENGTH)
    throw new AppError('invalid', text.tooLong(text.field.title, MAX_ARTICLE_TITLE_LENGTH));
  if (length(body.content) > MAX_ARTICLE_CONTENT_LENGTH) {
    throw new AppError('invalid', text.tooLong(text.field.content, MAX_ARTICLE_CONTENT_LENGTH));
  }
  const summary = body.summary.trim();
  if (length(summary) > MAX_ARTICLE_SUMMARY_LENGTH) {
    throw new AppError('invalid', text.tooLong(text.field.summary, MAX_ARTICLE_SUMMARY_LENGTH));
  }
  const cover = body.cover.trim();
  if (length(cover) > MAX_ARTICLE_COVER_LENGTH)
    throw new AppError('invalid', text.tooLong(text.field.cover, MAX_ARTICLE_COVER_LENGTH));
  if (!isCoverAddress(cover)) throw new AppError('invalid', text.invalidCover);
  let category: CategoryChoice = null;
  if (body.category !== null && 'id' in body.category) category = { id: parseCategoryId(body.category.id) };
  else if (body.category !== null)
    category = { name: name(body.category.name, text.field.categoryName, text.categoryNameRequired) };
  const tags: string[] = [];
  for (const raw of body.tags) {
    const tag = name(raw, text.field.tagName, text.tagNameRequired);
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > MAX_ARTICLE_TAGS) throw new AppError('invalid', text.tooManyTags(MAX_ARTICLE_TAGS));
  return {
    title,
    content: body.content,
    summary,
    cover,
    category,
    tags,
    pinned: body.pinned,
    ...(body.commentsClosed === undefined ? {} : { commentsClosed: body.commentsClosed }),
  };
}

/** Whether a save would leave the article's text exactly as it is (then nothing is written). */
export function sameText(article: EditableArticle, input: ArticleInput): boolean {
  const category =
    input.category === null
      ? article.category === null
      : 'id' in input.category
        ? article.category?.id === input.category.id
        : article.category?.name === input.category.name;
  return (
    category &&
    article.title === input.title &&
    article.content === input.content &&
    article.summary === input.summary &&
    article.cover === input.cover &&
    article.pinned === input.pinned &&
    (input.commentsClosed === undefined || article.commentsClosed === input.commentsClosed) &&
    article.tags.length === input.tags.length &&
    article.tags.every((tag, index) => tag.name === input.tags[index])
  );
}

/** A publish time from the editor: an ISO-8601 instant in the future, at most MAX_SCHEDULE_AHEAD_DAYS ahead. */
export function parsePublishAt(raw: string, now: Date): string {
  const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw)
    ? Date.parse(raw)
    : NaN;
  if (Number.isNaN(instant)) throw new AppError('invalid', text.invalidPublishAt);
  if (instant <= now.getTime()) throw new AppError('invalid', text.publishAtPast);
  if (instant > now.getTime() + MAX_SCHEDULE_AHEAD_DAYS * 86_400_000) {
    throw new AppError('invalid', text.publishAtTooFar(MAX_SCHEDULE_AHEAD_DAYS));
  }
  return new Date(instant).toISOString();
}

export type StateAction =
  | { kind: 'publish' }
  | { kind: 'schedule'; at: string }
  | { kind: 'unpublish' }
  | { kind: 'hide' }
  | { kind: 'unhide' }
  | { kind: 'trash' }
  | { kind: 'restore' };

/**
 * Where an action takes an article: its next state, `unchanged` when it is already there (a repeated
 * request is harmless), or a refusal (the 409's message) when the action does not apply to it.
 */
export function nextState(
  state: StoredState,
  action: StateAction,
  now: string,
): { next: StoredState } | { unchanged: true } | { refused: string } {
  const unchanged = { unchanged: true } as const;
  const to = (change: Partial<StoredState>) => ({ next: { ...state, ...change } });
  if (action.kind === 'trash') {
    if (state.deletedAt !== null) return unchanged;
    return to({ status: 'hidden', trashedStatus: state.status, deletedAt: now });
  }
  if (action.kind === 'restore') {
    if (state.deletedAt === null) return unchanged;
    return to({ status: state.trashedStatus ?? 'draft', trashedStatus: null, deletedAt: null });
  }
  if (state.deletedAt !== null) return { refused: text.inTrash };
  switch (action.kind) {
    case 'publish':
      if (state.status === 'public') return unchanged;
      // A draft going out takes the time it is published as its date; a hidden article keeps its own.
      return to({ status: 'public', publishAt: null, ...(state.status === 'draft' ? { createdAt: now } : {}) });
    case 'schedule':
      if (state.status !== 'draft') return { refused: text.scheduleNotDraft };
      return state.publishAt === action.at ? unchanged : to({ publishAt: action.at });
    case 'unpublish':
      return state.status === 'draft' && state.publishAt === null
        ? unchanged
        : to({ status: 'draft', publishAt: null });
    case 'hide':
      if (state.status === 'hidden') return unchanged;
      return state.status === 'public' ? to({ status: 'hidden' }) : { refused: text.hideNotPublished };
    case 'unhide':
      if (state.status === 'public') return unchanged;
      return state.status === 'hidden' ? to({ status: 'public' }) : { refused: text.unhideNotHidden };
  }
}

/** The state a due scheduled article is published into: public, dated at its publish time. */
export function publishedOnSchedule(state: StoredState & { publishAt: string }): StoredState {
  return { ...state, status: 'public', publishAt: null, createdAt: state.publishAt };
}
