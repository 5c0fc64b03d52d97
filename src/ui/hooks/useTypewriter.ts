import { useEffect, useMemo, useState } from 'react';
import { useMediaQuery } from './useMediaQuery';

const TYPE_MS = 150;
const DELETE_MS = 60;
/** A typed motto is held for HOLD_BLINKS × BLINK_MS (2 s), its caret blinking. */
const BLINK_MS = 500;
const HOLD_BLINKS = 4;

/** Where the typing is: which text, how much of it is typed, and how far into the hold it is. */
export interface TypingState {
  index: number;
  length: number;
  erasing: boolean;
  /** Caret blinks since the current text was typed whole. */
  blinks: number;
}

export const TYPING_START: TypingState = { index: 0, length: 0, erasing: false, blinks: 0 };

const holding = (state: TypingState, textLength: number) => !state.erasing && state.length === textLength;

/** How long `state` lasts before `advanceTyping` (the text being `textLength` code points long). */
export function typingDelay(state: TypingState, textLength: number): number {
  if (holding(state, textLength)) return BLINK_MS;
  return state.erasing ? DELETE_MS : TYPE_MS;
}

/** The state after the next step: a letter typed or erased, a blink of the hold, or the next of `count` texts. */
export function advanceTyping(state: TypingState, textLength: number, count: number): TypingState {
  if (holding(state, textLength))
    return state.blinks + 1 < HOLD_BLINKS ? { ...state, blinks: state.blinks + 1 } : { ...state, erasing: true, blinks: 0 };
  if (!state.erasing) return { ...state, length: state.length + 1 };
  if (state.length > 0) return { ...state, length: state.length - 1 };
  return { ...TYPING_START, index: (state.index + 1) % count };
}

/** The caret stands while letters come and go, as an editor's does, and blinks while the text is held. */
export function caretShown(state: TypingState, textLength: number): boolean {
  return !holding(state, textLength) || state.blinks % 2 === 0;
}

export interface Typed {
  /** What has been typed of the current text so far. */
  shown: string;
  /** The current text in full (what `shown` is becoming). */
  text: string;
  /** Whether the caret is drawn at this moment of its blink. */
  caret: boolean;
}

/**
 * Types each text, holds it, erases it and moves on to the next, for as long as `running` (the line in the
 * window) and the reader has not asked for less motion. The caret blinks by the same timer, twice a second
 * while a text is held: as an endless CSS animation, the compositor drew sixty frames a second for as long as
 * the home page was open (with the typing, 13–20 % of a core on a desktop at rest).
 */
export function useTypewriter(texts: readonly string[], running: boolean): Typed {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [state, setState] = useState(TYPING_START);
  const text = texts.length > 0 ? (texts[state.index % texts.length] ?? '') : '';
  // Code points, so an emoji is never cut in half.
  const chars = useMemo(() => Array.from(text), [text]);

  useEffect(() => {
    if (reduceMotion || !running || text === '') return;
    const timer = setTimeout(
      () => setState(advanceTyping(state, chars.length, texts.length)),
      typingDelay(state, chars.length),
    );
    return () => clearTimeout(timer);
  }, [reduceMotion, running, text, chars.length, state, texts.length]);

  return {
    shown: reduceMotion ? text : chars.slice(0, state.length).join(''),
    text,
    caret: caretShown(state, chars.length),
  };
}
