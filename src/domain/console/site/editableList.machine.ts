import { assign, emit, fromPromise, setup } from 'xstate';
import { ReportedError } from '../../account/account';
import { upserted } from './arrangement';

/**
 * A list the console keeps in step with the server: categories, tags, friend links, resources, the site
 * list. Loading, then one write at a time (add or edit, a patch such as a link's review, delete, merge,
 * arrange). Every write's answer replaces what it changed, so the list always shows what the server holds;
 * a new order shows at once and, if the server refuses it, the list goes back and is read again.
 */

export interface ListEntry {
  id: number;
}

export interface EditableListContext<Item> {
  items: Item[];
  /** The order before an arrangement in flight: shown again if the server refuses it. */
  settled: Item[];
  /** The item a delete in flight removes. */
  removing: number | null;
  /** Why the list could not be read. */
  error: string | null;
}

export type EditableListEvent<Draft, Patch> =
  | { type: 'list.reload' }
  /** Add (`id` null) or edit an item. */
  | { type: 'item.save'; id: number | null; draft: Draft }
  /** A change of one item that is not an edit (a link's review). */
  | { type: 'item.patch'; id: number; patch: Patch }
  | { type: 'item.remove'; id: number }
  /** Moves everything of `id` into `into` and drops `id`. */
  | { type: 'item.merge'; id: number; into: number }
  /** The new order: every id of the list. */
  | { type: 'list.arrange'; ids: number[] };

/** What a page asked for; `reload` is reading the list again. */
export type ListWrite = 'reload' | 'save' | 'patch' | 'remove' | 'merge' | 'arrange';

export type EditableListEmitted =
  | { type: 'write.done'; write: ListWrite }
  /** `reported`: the HTTP client already showed it. */
  | { type: 'write.failed'; write: ListWrite; message: string; reported: boolean };

function placeholder(name: string) {
  return async (): Promise<never> => {
    throw new Error(`editableList: ${name} actor not provided`);
  };
}

function failure(write: ListWrite, error: unknown): EditableListEmitted {
  return {
    type: 'write.failed',
    write,
    message: error instanceof Error ? error.message : String(error),
    reported: error instanceof ReportedError,
  };
}

const errorOf = (event: unknown) => (event as { error: unknown }).error;

/**
 * The machine for one kind of item (`Item` as the server answers it, `Draft` what a form sends, `Patch` the
 * other change an item may take). The view provides the actors it uses: `loadItems` always, the others for
 * the writes its page offers.
 */
export function editableListMachine<Item extends ListEntry, Draft = never, Patch = never>() {
  return setup({
    types: {
      context: {} as EditableListContext<Item>,
      events: {} as EditableListEvent<Draft, Patch>,
      emitted: {} as EditableListEmitted,
      tags: {} as 'busy' | 'error' | 'ready',
    },
    actors: {
      loadItems: fromPromise<Item[]>(placeholder('loadItems')),
      saveItem: fromPromise<Item, { id: number | null; draft: Draft }>(placeholder('saveItem')),
      patchItem: fromPromise<Item, { id: number; patch: Patch }>(placeholder('patchItem')),
      removeItem: fromPromise<void, { id: number }>(placeholder('removeItem')),
      /** Answers the whole list: a merge changes the counts of the one kept. */
      mergeItem: fromPromise<Item[], { id: number; into: number }>(placeholder('mergeItem')),
      /** Answers the list as stored in its new order. */
      arrangeItems: fromPromise<Item[], { ids: number[] }>(placeholder('arrangeItems')),
    },
    actions: {
      showAnswer: assign({ items: ({ event }) => (event as unknown as { output: Item[] }).output }),
      replaceItem: assign({
        items: ({ context, event }) => upserted(context.items, (event as unknown as { output: Item }).output),
      }),
      arrange: assign(({ context, event }) => {
        if (event.type !== 'list.arrange') return {};
        const byId = new Map(context.items.map((item) => [item.id, item]));
        const items = event.ids.map((id) => byId.get(id)).filter((item): item is Item => item !== undefined);
        return { settled: context.items, items };
      }),
      restoreOrder: assign({ items: ({ context }) => context.settled }),
    },
  }).createMachine({
    id: 'editableList',
    context: { items: [], settled: [], removing: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        tags: ['busy'],
        invoke: {
          src: 'loadItems',
          onDone: { target: 'ready', actions: ['showAnswer', assign({ error: null })] },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }),
          },
        },
      },
      failed: {
        tags: ['error'],
        on: { 'list.reload': 'loading' },
      },
      ready: {
        initial: 'idle',
        states: {
          idle: {
            tags: ['ready'],
            on: {
              'list.reload': 'refreshing',
              'item.save': 'saving',
              'item.patch': 'patching',
              'item.remove': { target: 'removing', actions: assign({ removing: ({ event }) => event.id }) },
              'item.merge': 'merging',
              'list.arrange': { target: 'arranging', actions: 'arrange' },
            },
          },
          refreshing: {
            tags: ['busy'],
            invoke: {
              src: 'loadItems',
              onDone: { target: 'idle', actions: 'showAnswer' },
              onError: { target: 'idle', actions: emit(({ event }) => failure('reload', event.error)) },
            },
          },
          saving: {
            tags: ['busy'],
            invoke: {
              src: 'saveItem',
              input: ({ event }) => (event.type === 'item.save' ? { id: event.id, draft: event.draft } : (undefined as never)),
              onDone: { target: 'idle', actions: ['replaceItem', emit({ type: 'write.done', write: 'save' } as const)] },
              onError: { target: 'idle', actions: emit(({ event }) => failure('save', event.error)) },
            },
          },
          patching: {
            tags: ['busy'],
            invoke: {
              src: 'patchItem',
              input: ({ event }) => (event.type === 'item.patch' ? { id: event.id, patch: event.patch } : (undefined as never)),
              onDone: { target: 'idle', actions: ['replaceItem', emit({ type: 'write.done', write: 'patch' } as const)] },
              onError: { target: 'idle', actions: emit(({ event }) => failure('patch', event.error)) },
            },
          },
          removing: {
            tags: ['busy'],
            invoke: {
              src: 'removeItem',
              input: ({ context }) => ({ id: context.removing ?? 0 }),
              onDone: {
                target: 'idle',
                actions: [
                  assign({ items: ({ context }) => context.items.filter((item) => item.id !== context.removing), removing: null }),
                  emit({ type: 'write.done', write: 'remove' } as const),
                ],
              },
              onError: { target: 'idle', actions: [assign({ removing: null }), emit(({ event }) => failure('remove', event.error))] },
            },
          },
          merging: {
            tags: ['busy'],
            invoke: {
              src: 'mergeItem',
              input: ({ event }) => (event.type === 'item.merge' ? { id: event.id, into: event.into } : (undefined as never)),
              onDone: { target: 'idle', actions: ['showAnswer', emit({ type: 'write.done', write: 'merge' } as const)] },
              onError: { target: 'idle', actions: emit(({ event }) => failure('merge', event.error)) },
            },
          },
          arranging: {
            tags: ['busy'],
            invoke: {
              src: 'arrangeItems',
              input: ({ context }) => ({ ids: context.items.map((item) => item.id) }),
              onDone: { target: 'idle', actions: ['showAnswer', emit({ type: 'write.done', write: 'arrange' } as const)] },
              // Back to the order the server held, then read again: another tab may have changed the list.
              onError: { target: 'refreshing', actions: ['restoreOrder', emit(({ event }) => failure('arrange', errorOf(event)))] },
            },
          },
        },
      },
    },
  });
}
