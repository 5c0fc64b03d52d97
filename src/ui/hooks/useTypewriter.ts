import { useEffect, useMemo, useState } from 'react';
import { useMediaQuery } from './useMediaQuery';

const TYPE_MS = 150;
const DELETE_MS = 60;
const HOLD_MS = 2000;

export interface Typed {
  /** What has been typed of the current text so far. */
  shown: string;
  /** The current text in full (what `shown` is becoming). */
  text: string;
}

/** Types each text, holds it, erases it and moves on to the next, forever. */
export function useTypewriter(texts: readonly string[]): Typed {
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [index, setIndex] = useState(0);
  const [length, setLength] = useState(0);
  const [erasing, setErasing] = useState(false);
  const text = texts.length > 0 ? (texts[index % texts.length] ?? '') : '';
  // Code points, so an emoji is never cut in half.
  const chars = useMemo(() => Array.from(text), [text]);

  useEffect(() => {
    if (reduceMotion || text === '') return;
    let delay = erasing ? DELETE_MS : TYPE_MS;
    if (!erasing && length === chars.length) delay = HOLD_MS;
    const timer = setTimeout(() => {
      if (!erasing && length < chars.length) setLength(length + 1);
      else if (!erasing) setErasing(true);
      else if (length > 0) setLength(length - 1);
      else {
        setErasing(false);
        setIndex((i) => (i + 1) % texts.length);
      }
    }, delay);
    return () => clearTimeout(timer);
  }, [reduceMotion, text, chars.length, length, erasing, texts.length]);

  return { shown: reduceMotion ? text : chars.slice(0, length).join(''), text };
}
