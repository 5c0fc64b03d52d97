import { useEffect, useState } from 'react';
import { throttle } from './throttle';

/** Spec section 9: header threshold 50 px, scroll handler throttle 5 ms, back-to-top after 200 px. */
export const HEADER_TRANSPARENT_WITHIN_PX = 50;
export const SCROLL_THROTTLE_MS = 5;
export const BACK_TO_TOP_AFTER_PX = 200;

export interface HeaderScrollState {
  /** Within the threshold of the top: no background. */
  transparent: boolean;
  /** Scrolled down past the threshold: slid out of view until the reader scrolls up. */
  hidden: boolean;
}

export function nextHeaderState(previous: HeaderScrollState, lastY: number, y: number): HeaderScrollState {
  const transparent = y <= HEADER_TRANSPARENT_WITHIN_PX;
  let hidden = previous.hidden;
  if (transparent || y < lastY) hidden = false;
  else if (y > lastY) hidden = true;
  return previous.transparent === transparent && previous.hidden === hidden ? previous : { transparent, hidden };
}

export function useHeaderScroll(): HeaderScrollState {
  // The server renders the top of the page; the real position is read once mounted.
  const [state, setState] = useState<HeaderScrollState>({ transparent: true, hidden: false });
  useEffect(() => {
    let lastY = window.scrollY;
    const onScroll = throttle(() => {
      const y = Math.max(0, window.scrollY);
      const fromY = lastY;
      setState((previous) => nextHeaderState(previous, fromY, y));
      lastY = y;
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return state;
}

/** True once the page is scrolled further than `px`. */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = throttle(() => setPast(window.scrollY > px), SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, [px]);
  return past;
}
