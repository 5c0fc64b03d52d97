import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: the bottom bar hides 2 s after the pointer last moved. */
export const BAR_HIDE_MS = 2000;

/**
 * Visible after any pointer movement, hidden `BAR_HIDE_MS` later, unless held (the pointer over the bar,
 * keyboard focus in it, a popover open: each holder by name) or disabled (a touch screen, where a hidden
 * bar would turn the first tap into a miss).
 */
export function useAutoHide(enabled: boolean) {
  const [awake, setAwake] = useState(true);
  const [holders, setHolders] = useState<ReadonlySet<string>>(() => new Set());
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

  const hold = useCallback((holder: string, on: boolean) => {
    setHolders((current) => {
      if (current.has(holder) === on) return current;
      const next = new Set(current);
      if (on) next.add(holder);
      else next.delete(holder);
      return next;
    });
  }, []);
  return { visible: !enabled || awake || holders.size > 0, wake, hold };
}
