import { createActor, fromPromise, type SimulatedClock } from 'xstate';
import {
  EMPTY_DRAFT,
  localDraftKey,
  sameDraft,
  type ArticleDraft,
  type LocalDraft,
  type SaveAnswer,
  type SaveRequest,
  type VersionedDraft,
} from '../../src/domain/console/articles/articleDraft';
import { articleDraftMachine, type ArticleDraftEmitted } from '../../src/domain/console/articles/articleDraft.machine';
import type { KeyValueStore } from '../../src/ports/keyValueStore';

export type Author = 'editor' | 'rival';

export interface StoredVersion {
  version: number;
  draft: ArticleDraft;
  author: Author;
}

/** One editor write the server accepted, and whose version it replaced. */
export interface Overwrite {
  replaced: StoredVersion;
  written: StoredVersion;
}

/** A versioned article as the console's server keeps it (one article, id 1): a save naming an older version is refused. */
export class FakeArticleServer {
  readonly id = 1;
  readonly history: StoredVersion[] = [];
  readonly overwrites: Overwrite[] = [];
  /** Articles the editor's saves created (more than one would be a duplicate). */
  created = 0;

  constructor(initial?: ArticleDraft) {
    if (initial !== undefined) this.history.push({ version: 1, draft: initial, author: 'editor' });
  }

  get current(): StoredVersion | undefined {
    return this.history.at(-1);
  }

  /** The article as the editor loads it, or a blank new one before it exists. */
  load(blank: ArticleDraft): VersionedDraft {
    const current = this.current;
    if (current === undefined) return { id: null, version: 0, draft: blank, updatedAt: '' };
    return { id: this.id, version: current.version, draft: current.draft, updatedAt: stamp(current.version) };
  }

  save({ id, draft, baseVersion, supersede }: SaveRequest): SaveAnswer {
    const current = this.current;
    if (id === null || current === undefined) {
      this.created += 1;
      const written = { version: (current?.version ?? 0) + 1, draft, author: 'editor' as const };
      this.history.push(written);
      return { kind: 'saved', id: this.id, version: written.version, updatedAt: stamp(written.version) };
    }
    if (baseVersion !== current.version) {
      return {
        kind: 'conflict',
        server: { id: this.id, version: current.version, draft: current.draft, updatedAt: stamp(current.version) },
      };
    }
    // A save that changes nothing answers the article as it is, unless it must fence off a late one.
    if (sameDraft(draft, current.draft) && !supersede) {
      return { kind: 'saved', id: this.id, version: current.version, updatedAt: stamp(current.version) };
    }
    const written = { version: current.version + 1, draft, author: 'editor' as const };
    this.overwrites.push({ replaced: current, written });
    this.history.push(written);
    return { kind: 'saved', id: this.id, version: written.version, updatedAt: stamp(written.version) };
  }

  /** Another tab or administrator saves on top of the newest version. */
  rivalWrite(draft: ArticleDraft): StoredVersion {
    const written = { version: (this.current?.version ?? 0) + 1, draft, author: 'rival' as const };
    this.history.push(written);
    return written;
  }
}

export const stamp = (version: number): string => new Date(Date.UTC(2025, 0, 1, 0, version)).toISOString();

/** The browser's storage, in memory. */
export class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, unknown>();

  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }

  set(key: string, value: unknown): void {
    this.values.set(key, structuredClone(value));
  }

  remove(key: string): void {
    this.values.delete(key);
  }
}

export interface EditorOptions {
  server: FakeArticleServer;
  store: MemoryStore;
  clock: SimulatedClock;
  /** Answers each save; the server's own answer by default. */
  save?: (request: SaveRequest) => Promise<SaveAnswer>;
  online?: boolean;
}

/** Opens the editor the way the console page does: the server's article plus whatever this browser kept. */
export function openEditor({ server, store, clock, save, online = true }: EditorOptions) {
  const article = server.load(EMPTY_DRAFT);
  const local = store.get<LocalDraft>(localDraftKey(article.id));
  const requests: SaveRequest[] = [];
  const emitted: ArticleDraftEmitted[] = [];
  const machine = articleDraftMachine.provide({
    actors: {
      saveDraft: fromPromise(({ input }: { input: SaveRequest }) => {
        requests.push(input);
        return save ? save(input) : Promise.resolve(server.save(input));
      }),
    },
  });
  const actor = createActor(machine, { input: { article, local, online }, clock });
  actor.on('*', (event) => {
    emitted.push(event);
    if (event.type === 'local.keep') store.set(localDraftKey(event.copy.id), event.copy);
    if (event.type === 'local.clear') store.remove(localDraftKey(event.id));
  });
  actor.start();
  return { actor, requests, emitted, context: () => actor.getSnapshot().context };
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export const draftOf = (content: string, title = '惊蛰'): ArticleDraft => ({ ...EMPTY_DRAFT, title, content });
