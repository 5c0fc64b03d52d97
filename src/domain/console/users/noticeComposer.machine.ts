import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { ReportedError } from '../../account/account';
import { checkNotice } from './users';

/**
 * The administrator's notice (type 4) being written: a quiet moment after typing stops, the server's preview
 * (the notice exactly as the drawer will show it) replaces the last one; 发送 sends it to every user, once.
 * A preview answer for text that has changed since is never shown.
 */

export interface NoticeComposerContext {
  message: string;
  /** The preview's HTML, as the server cleaned it for the drawer; null when there is none. */
  preview: string | null;
  /** The text `preview` shows. */
  previewFor: string | null;
  /** Why the text cannot be previewed (the server's words). */
  problem: string | null;
  /** The text being sent. */
  outgoing: string | null;
}

export type NoticeComposerEvent = { type: 'message.change'; message: string } | { type: 'notice.send' };

export type NoticeComposerEmitted =
  | { type: 'notice.sent'; count: number }
  /** `reported`: the HTTP client already showed it. */
  | { type: 'notice.failed'; message: string; reported: boolean }
  /** 发送 with nothing (or too much) to send. */
  | { type: 'notice.refused'; problem: 'empty' | 'tooLong' };

/** Quiet time after the last keystroke before the preview is asked for. */
export const PREVIEW_QUIET_MS = 400;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const noticeComposerMachine = setup({
  types: {
    context: {} as NoticeComposerContext,
    events: {} as NoticeComposerEvent,
    emitted: {} as NoticeComposerEmitted,
    tags: {} as 'busy' | 'sending',
  },
  actors: {
    previewNotice: fromPromise<string, { message: string }>(async () => {
      throw new Error('noticeComposer: previewNotice actor not provided');
    }),
    sendNotice: fromPromise<number, { message: string }>(async () => {
      throw new Error('noticeComposer: sendNotice actor not provided');
    }),
  },
  delays: { quiet: PREVIEW_QUIET_MS },
  guards: {
    blank: ({ context }) => context.message.trim() === '',
    sendable: ({ context }) => checkNotice(context.message) === null,
  },
}).createMachine({
  id: 'noticeComposer',
  context: { message: '', preview: null, previewFor: null, problem: null, outgoing: null },
  type: 'parallel',
  states: {
    preview: {
      initial: 'idle',
      on: {
        'message.change': { target: '.waiting', reenter: true, actions: assign({ message: ({ event }) => event.message }) },
      },
      states: {
        idle: {},
        waiting: {
          always: { guard: 'blank', target: 'idle', actions: assign({ preview: null, previewFor: null, problem: null }) },
          after: { quiet: 'fetching' },
        },
        fetching: {
          tags: ['busy'],
          invoke: {
            src: 'previewNotice',
            input: ({ context }) => ({ message: context.message }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({ preview: event.output, previewFor: context.message, problem: null })),
            },
            onError: {
              target: 'idle',
              actions: assign({ preview: null, previewFor: null, problem: ({ event }) => messageOf(event.error) }),
            },
          },
        },
      },
    },
    send: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'notice.send': [
              { guard: 'sendable', target: 'sending', actions: assign({ outgoing: ({ context }) => context.message }) },
              {
                actions: enqueueActions(({ context, enqueue }) => {
                  const problem = checkNotice(context.message);
                  if (problem) enqueue.emit({ type: 'notice.refused', problem });
                }),
              },
            ],
          },
        },
        sending: {
          tags: ['sending'],
          invoke: {
            src: 'sendNotice',
            input: ({ context }) => ({ message: context.outgoing ?? '' }),
            onDone: {
              target: 'idle',
              actions: enqueueActions(({ context, event, enqueue }) => {
                enqueue.emit({ type: 'notice.sent', count: event.output });
                // Sent once: the text goes, unless more was typed meanwhile (that is a new notice).
                if (context.message === context.outgoing) {
                  enqueue.assign({ message: '', preview: null, previewFor: null, problem: null });
                }
                enqueue.assign({ outgoing: null });
              }),
            },
            onError: {
              target: 'idle',
              actions: enqueueActions(({ event, enqueue }) => {
                enqueue.assign({ outgoing: null });
                enqueue.emit({ type: 'notice.failed', message: messageOf(event.error), reported: event.error instanceof ReportedError });
              }),
            },
          },
        },
      },
    },
  },
});
