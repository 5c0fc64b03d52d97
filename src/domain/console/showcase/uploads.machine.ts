import { assign, enqueueActions, fromCallback, setup, type EventObject } from 'xstate';
import {
  UPLOAD_CONCURRENCY,
  hasPending,
  itemsToStart,
  moveItem,
  uploadedItem,
  waitingItem,
  type UploadItem,
} from './uploads';

/**
 * A list of pictures being uploaded, each with its own progress: files wait in line and at most `limit` are
 * sent at once, in the list's order; a failed one says why and can be tried again or removed; removing one
 * on its way stops its upload. The list can be reordered at any time (a talk's pictures keep that order).
 * Each upload is the named actor `uploadFile`, given the item's id: the view holds the files and supplies
 * the real call with machine.provide({ actors: { uploadFile } }).
 */

export interface UploadsInput {
  /** Pictures already on the server (a talk being edited), first in the list. */
  items?: { id: string; url: string }[];
  limit?: number;
}

export interface UploadsContext {
  items: UploadItem[];
  /** Most uploads on their way at once. */
  limit: number;
}

/** What an upload tells the list it belongs to. */
export type UploadReport =
  | { type: 'upload.progress'; id: string; fraction: number }
  | { type: 'upload.done'; id: string; url: string }
  | { type: 'upload.failed'; id: string; error: string };

export type UploadsEvent =
  | UploadReport
  | { type: 'files.add'; files: { id: string; name: string }[] }
  | { type: 'item.retry'; id: string }
  | { type: 'item.remove'; id: string }
  /** Dragged onto the place of `overId`. */
  | { type: 'item.move'; id: string; overId: string }
  /** A new list of pictures already on the server; uploads on their way are stopped. */
  | { type: 'items.reset'; items: { id: string; url: string }[] };

// Placeholder: the view supplies the real upload with machine.provide({ actors: { uploadFile } }).
const uploadFile = fromCallback<EventObject, { id: string }>(() => {
  throw new Error('uploads: uploadFile actor not provided');
});

const itemOf = (context: UploadsContext, id: string) => context.items.find((item) => item.id === id);

export const uploadsMachine = setup({
  types: {
    context: {} as UploadsContext,
    events: {} as UploadsEvent,
    input: {} as UploadsInput,
    tags: {} as 'busy' | 'ready',
  },
  actors: { uploadFile },
  guards: {
    pending: ({ context }) => hasPending(context.items),
    // Not xstate's `not('pending')`: that helper would join every reader's first-load chunk (see useLocalActor).
    nothingPending: ({ context }) => !hasPending(context.items),
    isUploading: ({ context, event }) => 'id' in event && itemOf(context, event.id)?.status === 'uploading',
    isFailed: ({ context, event }) => 'id' in event && itemOf(context, event.id)?.status === 'failed',
  },
  actions: {
    /** Starts waiting files while there is room, first in the list first. */
    startWaiting: enqueueActions(({ context, enqueue }) => {
      const ids = itemsToStart(context.items, context.limit);
      if (ids.length === 0) return;
      for (const id of ids) enqueue.spawnChild('uploadFile', { id, input: { id } });
      enqueue.assign({
        items: context.items.map((item) =>
          ids.includes(item.id) ? { ...item, status: 'uploading', progress: 0 } : item,
        ),
      });
    }),
    /** The upload of the event's item is over (finished, failed or no longer wanted): its actor goes. */
    stopUpload: enqueueActions(({ enqueue, event }) => {
      if ('id' in event) enqueue.stopChild(event.id);
    }),
    /** Every upload on its way stops: the list is replaced. */
    stopAll: enqueueActions(({ context, enqueue }) => {
      for (const item of context.items) if (item.status === 'uploading') enqueue.stopChild(item.id);
    }),
    addFiles: assign({
      items: ({ context, event }) => {
        if (event.type !== 'files.add') return context.items;
        const known = new Set(context.items.map((item) => item.id));
        return [
          ...context.items,
          ...event.files.filter((file) => !known.has(file.id)).map((file) => waitingItem(file.id, file.name)),
        ];
      },
    }),
    setProgress: assign({
      items: ({ context, event }) =>
        event.type === 'upload.progress'
          ? context.items.map((item) =>
              item.id === event.id ? { ...item, progress: Math.min(1, Math.max(0, event.fraction)) } : item,
            )
          : context.items,
    }),
    markDone: assign({
      items: ({ context, event }) =>
        event.type === 'upload.done'
          ? context.items.map((item) =>
              item.id === event.id ? { ...item, status: 'done', progress: 1, url: event.url } : item,
            )
          : context.items,
    }),
    markFailed: assign({
      items: ({ context, event }) =>
        event.type === 'upload.failed'
          ? context.items.map((item) =>
              item.id === event.id ? { ...item, status: 'failed', error: event.error } : item,
            )
          : context.items,
    }),
    markWaiting: assign({
      items: ({ context, event }) =>
        event.type === 'item.retry'
          ? context.items.map((item) =>
              item.id === event.id ? { ...item, status: 'waiting', progress: 0, error: '' } : item,
            )
          : context.items,
    }),
    removeItem: assign({
      items: ({ context, event }) =>
        event.type === 'item.remove' ? context.items.filter((item) => item.id !== event.id) : context.items,
    }),
    moveItem: assign({
      items: ({ context, event }) =>
        event.type === 'item.move' ? moveItem(context.items, event.id, event.overId) : context.items,
    }),
    resetItems: assign({
      items: ({ event }) =>
        event.type === 'items.reset' ? event.items.map(({ id, url }) => uploadedItem(id, url)) : [],
    }),
  },
}).createMachine({
  id: 'uploads',
  context: ({ input }) => ({
    items: (input.items ?? []).map(({ id, url }) => uploadedItem(id, url)),
    limit: Math.max(1, input.limit ?? UPLOAD_CONCURRENCY),
  }),
  initial: 'settled',
  on: {
    'files.add': { actions: ['addFiles', 'startWaiting'] },
    'upload.progress': { guard: 'isUploading', actions: 'setProgress' },
    'upload.done': { guard: 'isUploading', actions: ['stopUpload', 'markDone', 'startWaiting'] },
    'upload.failed': { guard: 'isUploading', actions: ['stopUpload', 'markFailed', 'startWaiting'] },
    'item.retry': { guard: 'isFailed', actions: ['markWaiting', 'startWaiting'] },
    'item.remove': [
      { guard: 'isUploading', actions: ['stopUpload', 'removeItem', 'startWaiting'] },
      { actions: ['removeItem', 'startWaiting'] },
    ],
    'item.move': { actions: 'moveItem' },
    'items.reset': { actions: ['stopAll', 'resetItems'] },
  },
  states: {
    /** Nothing waits or is on its way. */
    settled: {
      tags: 'ready',
      always: { guard: 'pending', target: 'uploading' },
    },
    uploading: {
      tags: 'busy',
      always: { guard: 'nothingPending', target: 'settled' },
    },
  },
});
