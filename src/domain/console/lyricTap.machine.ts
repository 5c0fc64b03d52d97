import { assign, emit, setup } from 'xstate';
import {
  checkTapSheet,
  formatTapSheet,
  nudge,
  parseTapSheet,
  selectLine,
  shiftAll,
  tap,
  untap,
  type TapProblem,
  type TapSheet,
} from './lyricTap';

/**
 * The lyric tap editor (打点校时): the writer stamps line after line while the song plays, steps back,
 * nudges, then saves the LRC. Saving refuses a sheet with untimed lines (saying how many); while the save
 * is on its way the stamps are frozen, and a failed save keeps every stamp and says why. The save is the
 * view's callback, which changes with the view's renders, so it is not a provided actor: the machine emits
 * `save.requested` with the LRC and waits for `save.done` or `save.failed`.
 */

export interface LyricTapInput {
  /** Plain text or LRC, as the editor was opened with. */
  text: string;
}

export interface LyricTapContext {
  sheet: TapSheet;
  /** Why the last 保存 was refused before sending; cleared by the next change. */
  problem: TapProblem | null;
  /** The rejected save's message; cleared by the next change or save. */
  error: string | null;
  /** The LRC last saved, to tell whether the sheet has changed since. */
  saved: string | null;
}

export type LyricTapEvent =
  /** `time`: the sheet time (centiseconds) heard when the writer tapped. */
  | { type: 'line.tap'; time: number }
  | { type: 'line.untap' }
  | { type: 'line.select'; index: number }
  | { type: 'line.nudge'; delta: number }
  | { type: 'all.shift'; delta: number }
  | { type: 'sheet.save' }
  | { type: 'save.done' }
  | { type: 'save.failed'; message: string };

export type LyricTapEmitted = { type: 'save.requested'; lrc: string };

/** An edit of the sheet; it clears the last refusal and failure, which were about the sheet before it. */
const change = (edit: (sheet: TapSheet, event: LyricTapEvent) => TapSheet) =>
  assign<LyricTapContext, LyricTapEvent, undefined, LyricTapEvent, never>(({ context, event }) => ({
    sheet: edit(context.sheet, event),
    problem: null,
    error: null,
  }));

export const lyricTapMachine = setup({
  types: {
    context: {} as LyricTapContext,
    events: {} as LyricTapEvent,
    input: {} as LyricTapInput,
    emitted: {} as LyricTapEmitted,
    tags: {} as 'busy' | 'ready',
  },
  guards: {
    saveable: ({ context }) => checkTapSheet(context.sheet) === null,
  },
  actions: {
    stamp: change((sheet, event) => (event.type === 'line.tap' ? tap(sheet, event.time) : sheet)),
    stepBack: change((sheet) => untap(sheet)),
    select: change((sheet, event) => (event.type === 'line.select' ? selectLine(sheet, event.index) : sheet)),
    nudgeLine: change((sheet, event) => (event.type === 'line.nudge' ? nudge(sheet, event.delta) : sheet)),
    shiftLines: change((sheet, event) => (event.type === 'all.shift' ? shiftAll(sheet, event.delta) : sheet)),
    refuse: assign({ problem: ({ context }) => checkTapSheet(context.sheet) }),
  },
}).createMachine({
  id: 'lyricTap',
  context: ({ input }) => ({ sheet: parseTapSheet(input.text), problem: null, error: null, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['ready'],
      on: {
        'line.tap': { actions: 'stamp' },
        'line.untap': { actions: 'stepBack' },
        'line.select': { actions: 'select' },
        'line.nudge': { actions: 'nudgeLine' },
        'all.shift': { actions: 'shiftLines' },
        'sheet.save': [
          { guard: 'saveable', target: 'saving', actions: assign({ problem: null, error: null }) },
          { actions: 'refuse' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      entry: emit(({ context }) => ({ type: 'save.requested' as const, lrc: formatTapSheet(context.sheet) })),
      on: {
        'save.done': { target: 'editing', actions: assign({ saved: ({ context }) => formatTapSheet(context.sheet) }) },
        'save.failed': { target: 'editing', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
  },
});
