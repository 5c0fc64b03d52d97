/**
 * Pure rules of the article editor's autosave: what a draft is, when two drafts are the same text, and
 * which server version a conflict may be settled against without asking the writer.
 */

/** Everything the writer edits in one article; saved together under one version. */
export interface ArticleDraft {
  title: string;
  /** The Markdown body. */
  content: string;
  summary: string;
  /** Image URL, '' for none. */
  cover: string;
  /** Category name, '' for none; an unknown name creates the category. */
  category: string;
  /** Tag names; unknown names create the tags. */
  tags: string[];
  pinned: boolean;
  /** Readers may not write new comments. */
  commentsClosed: boolean;
}

export const EMPTY_DRAFT: ArticleDraft = {
  title: '',
  content: '',
  summary: '',
  cover: '',
  category: '',
  tags: [],
  pinned: false,
  commentsClosed: false,
};

/** The article as the server holds it: a draft at a version. `id` is null before the first save creates it. */
export interface VersionedDraft {
  id: number | null;
  version: number;
  draft: ArticleDraft;
  /** When the server stored this version (ISO-8601), '' before the article exists. */
  updatedAt: string;
}

/** Unsent edits kept in the browser, sent on the next open. */
export interface LocalDraft {
  id: number | null;
  /** The server version the edits were made on. */
  baseVersion: number;
  draft: ArticleDraft;
  /** A draft sent whose answer never came: the server may hold it as a version this editor wrote. */
  sent?: ArticleDraft;
}

/** What a save answers: stored at a new version, refused because the server moved on, or never arrived. */
export type SaveAnswer =
  | { kind: 'saved'; id: number; version: number; updatedAt: string }
  | { kind: 'conflict'; server: VersionedDraft & { id: number } }
  | { kind: 'offline' };

export interface SaveRequest {
  id: number | null;
  draft: ArticleDraft;
  /** The version the draft was written on: the server refuses it when its own is newer. */
  baseVersion: number;
  /**
   * An earlier save of other text may still be on its way on the same version: the server stores this one as a
   * new version even when it already holds the text, so the late save finds a newer version and is refused.
   */
  supersede: boolean;
}

export function sameDraft(a: ArticleDraft, b: ArticleDraft): boolean {
  return (
    a.title === b.title &&
    a.content === b.content &&
    a.summary === b.summary &&
    a.cover === b.cover &&
    a.category === b.category &&
    a.pinned === b.pinned &&
    // A draft kept in the browser before the switch existed has no value: open.
    Boolean(a.commentsClosed) === Boolean(b.commentsClosed) &&
    a.tags.length === b.tags.length &&
    a.tags.every((tag, i) => tag === b.tags[i])
  );
}

/** Applies the fields the editor changed. */
export function editDraft(draft: ArticleDraft, change: Partial<ArticleDraft>): ArticleDraft {
  return { ...draft, ...change };
}

/**
 * A conflict whose server text is one this editor wrote (a save whose answer was lost, or the very text on
 * screen) hides no one else's work: the editor may adopt that version and carry on without asking.
 */
export function isOwnVersion(server: ArticleDraft, candidates: readonly (ArticleDraft | null)[]): boolean {
  return candidates.some((mine) => mine !== null && sameDraft(mine, server));
}

/** The server creates an article only with a title: until then a new article's edits stay in the browser. */
export function canCreate(draft: ArticleDraft): boolean {
  return draft.title.trim() !== '';
}

/** Where the browser keeps an article's unsent edits ('new' until the first save creates it). */
export function localDraftKey(id: number | null): string {
  return `console.articleDraft.${id ?? 'new'}`;
}
