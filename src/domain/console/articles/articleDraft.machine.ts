import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import {
  editDraft,
  isOwnVersion,
  canCreate,
  EMPTY_DRAFT,
  sameDraft,
  type ArticleDraft,
  type LocalDraft,
  type SaveAnswer,
  type SaveRequest,
  type VersionedDraft,
} from './articleDraft';

/** Quiet time after the last edit before the draft saves itself. */
export const AUTOSAVE_DELAY_MS = 3000;
/** How often an editor that lost the server tries again while the browser still claims to be online. */
export const OFFLINE_RETRY_MS = 15_000;

/**
 * The article editor's autosave: idle (nothing edited) → dirty (edits not sent) → saving → saved, with
 * conflict (the server holds a version this editor never saw: both are shown and the writer chooses) and
 * offline (edits kept in the browser, sent when the connection returns). Every save names the version it was
 * written on, so a newer server version is never overwritten without the writer's choice. Edits made while a
 * save is in flight are kept and saved after it.
 */

export interface ArticleDraftInput {
  /** The article as loaded, or `{ id: null, version: 0, … }` for a new one. */
  article: VersionedDraft;
  /** Edits an earlier visit kept in this browser: sent at once. */
  local?: LocalDraft;
  online: boolean;
}

export interface ArticleDraftContext {
  id: number | null;
  /** What the editor shows. */
  draft: ArticleDraft;
  /** The server version `draft` is written on (0 before the article exists). */
  version: number;
  /** The server's text at `version`: a draft equal to it has nothing to save. */
  base: ArticleDraft;
  /** The draft of the save in flight. */
  sending: ArticleDraft | null;
  /** A sent draft whose answer never came: the server may hold it as a version this editor wrote. */
  unconfirmed: ArticleDraft | null;
  /** The server's article while a conflict waits for the writer's choice. */
  theirs: VersionedDraft | null;
  /** When the server stored `version` (ISO-8601), '' before any save. */
  savedAt: string;
  /** The browser's own online flag. */
  online: boolean;
  /** Why the server refused the last save. */
  error: string | null;
}

export type ArticleDraftEvent =
  | { type: 'draft.change'; change: Partial<ArticleDraft> }
  /** The editor lost focus: save now if anything is unsent. */
  | { type: 'draft.blur' }
  /** 保存草稿: save now. */
  | { type: 'draft.save' }
  /** The tab is closing (`beforeunload`): keep unsent edits in the browser, synchronously. */
  | { type: 'page.leave' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** Resolve a conflict with the text on screen, written on top of the server's version. */
  | { type: 'conflict.keepMine' }
  /** Resolve a conflict by dropping the text on screen for the server's. */
  | { type: 'conflict.takeTheirs' };

export type ArticleDraftEmitted =
  | { type: 'local.keep'; copy: LocalDraft }
  | { type: 'local.clear'; id: number | null }
  /** The first save created the article: its address changes from /new to its id. */
  | { type: 'article.created'; id: number };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Placeholder: the editor supplies the real call with machine.provide({ actors: { saveDraft } }).
const saveDraft = fromPromise<SaveAnswer, SaveRequest>(async () => {
  throw new Error('articleDraft: saveDraft actor not provided');
});

type SaveDone = { output: SaveAnswer };
const answerOf = (event: unknown): SaveAnswer => (event as SaveDone).output;

export const articleDraftMachine = setup({
  types: {
    context: {} as ArticleDraftContext,
    events: {} as ArticleDraftEvent,
    input: {} as ArticleDraftInput,
    emitted: {} as ArticleDraftEmitted,
    tags: {} as 'busy' | 'error' | 'ready',
  },
  actors: { saveDraft },
  delays: { autosave: AUTOSAVE_DELAY_MS, offlineRetry: OFFLINE_RETRY_MS },
  guards: {
    /** The server holds the text on screen (a sent draft whose answer was lost may still have to be replaced). */
    nothingToSave: ({ context }) => sameDraft(context.draft, context.base) && context.unconfirmed === null,
    blankNew: ({ context }) => context.id === null && sameDraft(context.draft, EMPTY_DRAFT),
    untitledNew: ({ context }) => context.id === null && !canCreate(context.draft),
    browserOffline: ({ context }) => !context.online,
    browserOnline: ({ context }) => context.online,
    localDiffers: ({ context }) => !sameDraft(context.draft, context.base),
    answeredSaved: ({ event }) => answerOf(event).kind === 'saved',
    answeredOffline: ({ event }) => answerOf(event).kind === 'offline',
    /** The server moved to a version holding text this editor wrote itself. */
    ownConflict: ({ context, event }) => {
      const answer = answerOf(event);
      return (
        answer.kind === 'conflict' &&
        isOwnVersion(answer.server.draft, [context.sending, context.unconfirmed, context.draft])
      );
    },
  },
  actions: {
    edit: assign({
      draft: ({ context, event }) =>
        event.type === 'draft.change' ? editDraft(context.draft, event.change) : context.draft,
    }),
    markOnline: assign({ online: true }),
    markOffline: assign({ online: false }),
    startSending: assign({ sending: ({ context }) => context.draft, error: null }),
    /** The server stored the sent draft: it is the new base. */
    adoptSaved: enqueueActions(({ context, event, enqueue }) => {
      const answer = answerOf(event);
      if (answer.kind !== 'saved') return;
      if (context.id === null) {
        enqueue.emit({ type: 'article.created', id: answer.id });
        enqueue.emit({ type: 'local.clear', id: null });
      }
      enqueue.assign({
        id: answer.id,
        version: answer.version,
        base: context.sending ?? context.base,
        savedAt: answer.updatedAt,
        sending: null,
        unconfirmed: null,
      });
    }),
    /** The server holds our own text at a newer version: write on top of it. */
    adoptOwnVersion: assign(({ event }) => {
      const answer = answerOf(event);
      if (answer.kind !== 'conflict') return {};
      const { server } = answer;
      return {
        id: server.id,
        version: server.version,
        base: server.draft,
        savedAt: server.updatedAt,
        sending: null,
        unconfirmed: null,
      };
    }),
    holdConflict: assign({
      theirs: ({ event }) => {
        const answer = answerOf(event);
        return answer.kind === 'conflict' ? answer.server : null;
      },
      sending: null,
    }),
    /** The answer never came: the server may or may not hold what was sent. */
    markUnconfirmed: assign(({ context }) => ({ unconfirmed: context.sending, sending: null })),
    refuse: assign({ error: ({ event }) => messageOf((event as unknown as { error: unknown }).error), sending: null }),
    keepMine: assign(({ context }) => {
      const theirs = context.theirs;
      if (theirs === null) return {};
      return {
        id: theirs.id,
        version: theirs.version,
        base: theirs.draft,
        savedAt: theirs.updatedAt,
        theirs: null,
        unconfirmed: null,
      };
    }),
    takeTheirs: assign(({ context }) => {
      const theirs = context.theirs;
      if (theirs === null) return {};
      return {
        id: theirs.id,
        version: theirs.version,
        draft: theirs.draft,
        base: theirs.draft,
        savedAt: theirs.updatedAt,
        theirs: null,
        unconfirmed: null,
      };
    }),
    keepLocally: emit(({ context }) => {
      const sent = context.sending ?? context.unconfirmed;
      const copy: LocalDraft = { id: context.id, baseVersion: context.version, draft: context.draft };
      return { type: 'local.keep' as const, copy: sent === null ? copy : { ...copy, sent } };
    }),
    clearLocal: emit(({ context }) => ({ type: 'local.clear' as const, id: context.id })),
  },
}).createMachine({
  id: 'articleDraft',
  context: ({ input }) => {
    const { article } = input;
    // Kept edits the server already holds are dropped, unless a save of other text may still land on top of them.
    const kept = input.local;
    const local =
      kept !== undefined &&
      (!sameDraft(kept.draft, article.draft) || (kept.sent !== undefined && !sameDraft(kept.sent, article.draft)))
        ? kept
        : undefined;
    return {
      id: local?.id ?? article.id,
      draft: local?.draft ?? article.draft,
      // Kept edits go out on the version they were made on: if the server moved since, that is a conflict.
      version: local?.baseVersion ?? article.version,
      base: article.draft,
      sending: null,
      unconfirmed: local?.sent ?? null,
      theirs: null,
      savedAt: article.updatedAt,
      online: input.online,
      error: null,
    };
  },
  initial: 'opening',
  on: {
    'network.online': { actions: 'markOnline' },
    'network.offline': { actions: 'markOffline' },
  },
  states: {
    opening: {
      always: [
        { guard: 'nothingToSave', target: 'idle', actions: 'clearLocal' },
        { guard: 'untitledNew', target: 'dirty.untitled' },
        { guard: 'browserOffline', target: 'offline' },
        { target: 'saving' },
      ],
    },
    idle: {
      tags: ['ready'],
      on: { 'draft.change': { target: 'dirty', actions: 'edit' } },
    },
    dirty: {
      on: {
        'draft.change': { target: '.waiting', reenter: true, actions: 'edit' },
        'draft.save': { target: 'sending' },
        'page.leave': { actions: 'keepLocally' },
        'network.offline': { target: 'offline', actions: 'markOffline' },
      },
      initial: 'waiting',
      states: {
        waiting: {
          on: { 'draft.blur': { target: '#articleDraft.sending' } },
          after: { autosave: { target: '#articleDraft.sending' } },
        },
        /** The server refused the last save (its message is in `error`); the next edit or 保存草稿 tries again. */
        refused: { tags: ['error'] },
        /** A new article without a title cannot be created yet: its edits stay in the browser until it has one. */
        untitled: {},
      },
    },
    /** Decides whether a save is needed and possible right now. */
    sending: {
      always: [
        { guard: 'blankNew', target: 'idle', actions: 'clearLocal' },
        { guard: 'nothingToSave', target: 'saved', actions: 'clearLocal' },
        { guard: 'untitledNew', target: 'dirty.untitled' },
        { guard: 'browserOffline', target: 'offline' },
        { target: 'saving' },
      ],
    },
    saving: {
      tags: ['busy'],
      entry: 'startSending',
      invoke: {
        src: 'saveDraft',
        input: ({ context }) => ({
          id: context.id,
          draft: context.draft,
          baseVersion: context.version,
          supersede: context.unconfirmed !== null && !sameDraft(context.unconfirmed, context.draft),
        }),
        onDone: [
          { guard: 'answeredSaved', target: 'settling', actions: 'adoptSaved' },
          { guard: 'answeredOffline', target: 'offline', actions: 'markUnconfirmed' },
          { guard: 'ownConflict', target: 'sending', actions: 'adoptOwnVersion' },
          { target: 'conflict', actions: 'holdConflict' },
        ],
        onError: { target: 'dirty.refused', actions: 'refuse' },
      },
      on: {
        // Kept, and saved once this save answers.
        'draft.change': { actions: 'edit' },
        'page.leave': { actions: 'keepLocally' },
      },
    },
    /** Just saved: edits made during the save make it dirty again. */
    settling: {
      always: [
        { guard: 'localDiffers', target: 'dirty' },
        { target: 'saved', actions: 'clearLocal' },
      ],
    },
    saved: {
      tags: ['ready'],
      on: { 'draft.change': { target: 'dirty', actions: 'edit' } },
    },
    conflict: {
      tags: ['error'],
      on: {
        'draft.change': { actions: 'edit' },
        'page.leave': { actions: 'keepLocally' },
        'conflict.keepMine': { target: 'sending', actions: 'keepMine' },
        'conflict.takeTheirs': { target: 'saved', actions: ['takeTheirs', 'clearLocal'] },
      },
    },
    /** The server cannot be reached: every edit is kept in the browser until a save gets through. */
    offline: {
      tags: ['error'],
      entry: 'keepLocally',
      on: {
        'draft.change': { actions: ['edit', 'keepLocally'] },
        'draft.save': { target: 'sending', actions: 'markOnline' },
        'network.online': { target: 'sending', actions: 'markOnline' },
      },
      after: { offlineRetry: { guard: 'browserOnline', target: 'sending' } },
    },
  },
});
