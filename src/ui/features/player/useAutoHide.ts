import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the bottom bar hides 2 s after the pointer last moved. */
export const BAR_HIDE_MS = 2000;

/**
 * Visible after any pointer movement, hidden `BAR_HIDE_MS` later, unless held (pointer or focus on the bar,
 * a popover open) or disabled (a touch screen, where a hidden bar would turn the first tap into a miss).
 */
export function useAutoHide(enabled: boolean) {
  const [awake, setAwake] = useState(true);
  const [holds, setHolds] = useState(0);
  const timer = useRef<number | undefined>(undefined);

  const wake = useCallback(() => {
    if (!enabled) return;
    setAwake(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setAwake(false), BAR_HIDE_MS);
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    timer.current = window.setTimeout(() => setAwake(false), BAR_HIDE_MS);
    return () => {
      window.clearTimeout(timer.current);
      // Shown again the next time the overlay opens.
      setAwake(true);
    };
  }, [enabled]);

  const hold = useCallback((on: boolean) => setHolds((count) => Math.max(0, count + (on ? 1 : -1))), []);
  return { visible: !enabled || awake || holds > 0, wake, hold };
}
