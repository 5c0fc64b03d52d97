/** The server accepts one report of at most two hours; longer stays are capped, not dropped. */
export const MAX_READING_REPORT_SECONDS = 7200;

/**
 * Time spent on an article while it is actually visible. Hidden time (another tab, a minimised
 * window) does not count. All times are milliseconds from a clock the caller owns.
 */
export interface ReadingClock {
  /** When the page last became visible, or null while it is hidden. */
  visibleSince: number | null;
  /** Visible time not yet reported. */
  pendingMs: number;
}

export function startReading(now: number, visible: boolean): ReadingClock {
  return { visibleSince: visible ? now : null, pendingMs: 0 };
}

export function pauseReading(clock: ReadingClock, now: number): ReadingClock {
  if (clock.visibleSince === null) return clock;
  return { visibleSince: null, pendingMs: clock.pendingMs + Math.max(0, now - clock.visibleSince) };
}

export function resumeReading(clock: ReadingClock, now: number): ReadingClock {
  return clock.visibleSince === null ? { ...clock, visibleSince: now } : clock;
}

/**
 * Whole seconds read so far, ready to report (0 means nothing to report), and the clock that keeps
 * counting from here: the unreported fraction of a second carries over to the next report.
 */
export function takeReadingSeconds(clock: ReadingClock, now: number): { seconds: number; clock: ReadingClock } {
  const paused = pauseReading(clock, now);
  const whole = Math.floor(paused.pendingMs / 1000);
  const seconds = Math.min(whole, MAX_READING_REPORT_SECONDS);
  return {
    seconds,
    clock: { visibleSince: clock.visibleSince === null ? null : now, pendingMs: paused.pendingMs - whole * 1000 },
  };
}
