import { assign, fromCallback, setup, type EventObject } from 'xstate';
import { zipChoiceProblem, type ImportReport } from './transfer';

/**
 * Importing a zip of posts from the console: a chosen file is checked (a .zip, not over the server's limit)
 * before anything is sent, then uploaded with its progress for a dry run, whose report the blogger reads
 * (`reviewing`) before going ahead: then it is sent again and imported, whose report or refusal ends it. One import at a time: a file chosen meanwhile is ignored. The upload is the named actor
 * `importZip`: the view holds the file and supplies the real call with machine.provide({ actors }).
 */

/** Why no report came: the file was not sent (`notZip`, `tooLarge`), or the server's (or network's) message. */
export type ZipImportError = { reason: 'notZip' | 'tooLarge' } | { reason: 'refused'; message: string };

export interface ZipImportContext {
  /** The chosen file's name, shown while it goes up. */
  fileName: string;
  /** Bytes sent of `total` (0 of 0 until the first progress). */
  sent: number;
  total: number;
  report: ImportReport | null;
  error: ZipImportError | null;
}

/** What the upload tells the machine. */
export type ZipImportReport =
  | { type: 'upload.progress'; sent: number; total: number }
  | { type: 'import.done'; report: ImportReport }
  | { type: 'import.failed'; message: string };

export type ZipImportEvent =
  | ZipImportReport
  | { type: 'zip.choose'; name: string; size: number }
  /** After the dry run's report: import it for real. */
  | { type: 'import.confirm' }
  /** Back to choosing a file, the last report put away. */
  | { type: 'import.reset' };

// Placeholder: the view supplies the real upload with machine.provide({ actors: { importZip } }).
const importZip = fromCallback<EventObject, { name: string; dryRun: boolean }>(() => {
  throw new Error('zipImport: importZip actor not provided');
});

export const zipImportMachine = setup({
  types: {
    context: {} as ZipImportContext,
    events: {} as ZipImportEvent,
    tags: {} as 'busy' | 'error' | 'ready',
  },
  actors: { importZip },
  guards: {
    unsendable: ({ event }) => event.type === 'zip.choose' && zipChoiceProblem(event.name, event.size) !== undefined,
  },
  actions: {
    refuseChoice: assign({
      error: ({ event }) =>
        event.type === 'zip.choose' ? { reason: zipChoiceProblem(event.name, event.size) ?? 'notZip' } : null,
      report: null,
    }),
    progress: assign({
      sent: ({ event }) => (event.type === 'upload.progress' ? event.sent : 0),
      total: ({ event }) => (event.type === 'upload.progress' ? event.total : 0),
    }),
    keepReport: assign({ report: ({ event }) => (event.type === 'import.done' ? event.report : null) }),
    refuse: assign({
      error: ({ event }) => (event.type === 'import.failed' ? { reason: 'refused' as const, message: event.message } : null),
    }),
    startUpload: assign({
      fileName: ({ event }) => (event.type === 'zip.choose' ? event.name : ''),
      sent: 0,
      total: ({ event }) => (event.type === 'zip.choose' ? event.size : 0),
      report: null,
      error: null,
    }),
  },
}).createMachine({
  id: 'zipImport',
  context: { fileName: '', sent: 0, total: 0, report: null, error: null },
  initial: 'idle',
  on: {
    'zip.choose': [
      { guard: 'unsendable', target: '.failed', actions: 'refuseChoice' },
      { target: '.importing', actions: 'startUpload' },
    ],
  },
  states: {
    idle: { tags: 'ready' },
    importing: {
      tags: 'busy',
      invoke: { src: 'importZip', input: ({ context }) => ({ name: context.fileName, dryRun: true }) },
      on: {
        // One import at a time.
        'zip.choose': {},
        'upload.progress': { actions: 'progress' },
        'import.done': { target: 'reviewing', actions: 'keepReport' },
        'import.failed': { target: 'failed', actions: 'refuse' },
      },
    },
    // The dry run's report: nothing written until the blogger goes ahead.
    reviewing: {
      tags: 'ready',
      on: {
        'import.confirm': { target: 'confirmed', actions: assign({ sent: 0 }) },
        'import.reset': { target: 'idle', actions: assign({ report: null }) },
      },
    },
    confirmed: {
      tags: 'busy',
      invoke: { src: 'importZip', input: ({ context }) => ({ name: context.fileName, dryRun: false }) },
      on: {
        'zip.choose': {},
        'upload.progress': { actions: 'progress' },
        'import.done': { target: 'done', actions: 'keepReport' },
        'import.failed': { target: 'failed', actions: 'refuse' },
      },
    },
    done: {
      tags: 'ready',
      on: { 'import.reset': { target: 'idle', actions: assign({ report: null }) } },
    },
    failed: {
      tags: 'error',
      on: { 'import.reset': { target: 'idle', actions: assign({ error: null }) } },
    },
  },
});
