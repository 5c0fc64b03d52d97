import { useEffect, useLayoutEffect, useRef } from 'react';
import { activeLineIndex } from '../../../../domain/player/lyrics';
import type { LyricWord } from '../../../../domain/player/music';
import { fillValue, lineFillAt, steppedFill } from './karaoke';

/**
 * The per-frame side of the board. Nothing here sets React state: the one `requestAnimationFrame` loop reads
 * the audio clock and writes `--fill` (and a class on line changes) straight onto the DOM nodes React rendered.
 */

export interface Frame {
  /** The lyric clock: audio time plus the song's offset, ms. */
  clockMs: number;
  /** `performance.now()` of the frame. */
  now: number;
}

export interface Painter {
  paint(frame: Frame): void;
}

let reducedMotionQuery: MediaQueryList | undefined;
/** Asked each frame, so a change of the system setting applies at once. */
function prefersReducedMotion(): boolean {
  reducedMotionQuery ??= window.matchMedia('(prefers-reduced-motion: reduce)');
  return reducedMotionQuery.matches;
}

/** The word spans of a line (`[data-word]`, in order). */
function wordSpans(line: HTMLElement): HTMLElement[] {
  return Array.from(line.querySelectorAll<HTMLElement>('[data-word]'));
}

/** Writes the fill of one line's words; a value is written only when it changed. */
export class LineFiller {
  private readonly spans: HTMLElement[];
  private readonly written: string[];
  private singing = -2;

  constructor(
    private readonly line: HTMLElement,
    private readonly words: readonly LyricWord[],
  ) {
    this.spans = wordSpans(line);
    this.written = this.spans.map(() => '');
  }

  /** Shows every word sung (a line that is leaving as the next one starts). */
  complete(): void {
    this.spans.forEach((span, i) => {
      if (this.written[i] === '1') return;
      span.style.setProperty('--fill', '1');
      this.written[i] = '1';
    });
  }

  paint(clockMs: number): void {
    const fill = lineFillAt(this.words, clockMs);
    const { wordIndex, fills } = prefersReducedMotion() ? steppedFill(fill) : fill;
    const count = Math.min(this.spans.length, fills.length);
    for (let i = 0; i < count; i++) {
      const value = fillValue(fills[i]!);
      if (this.written[i] !== value) {
        this.spans[i]!.style.setProperty('--fill', value);
        this.written[i] = value;
      }
    }
    if (wordIndex !== this.singing) {
      this.spans[this.singing]?.classList.remove('is-singing');
      this.spans[wordIndex]?.classList.add('is-singing');
      this.line.dataset.word = String(wordIndex);
      this.singing = wordIndex;
    }
  }
}

/**
 * Tracks the active line at the lyric clock: calls `onLine(previous, next)` when it changes and fills the
 * active line's words every frame.
 */
export class LinesPainter implements Painter {
  private index = -2;
  private filler: LineFiller | null = null;

  constructor(
    private readonly lineEls: readonly HTMLElement[],
    private readonly times: readonly number[],
    private readonly words: readonly (readonly LyricWord[])[],
    private readonly onLine: (previous: number, next: number, now: number) => void,
  ) {}

  get activeIndex(): number {
    return this.index;
  }

  paint({ clockMs, now }: Frame): void {
    const index = activeLineIndex(this.times, clockMs);
    if (index !== this.index) {
      const previous = this.index;
      if (index > previous) this.filler?.complete();
      this.index = index;
      const line = this.lineEls[index];
      this.filler = line ? new LineFiller(line, this.words[index] ?? []) : null;
      this.onLine(previous, index, now);
    }
    this.filler?.paint(clockMs);
  }
}

/** Runs `frame` once per animation frame while the component is mounted: the board's one loop. */
export function useFrameLoop(frame: (now: number) => void): void {
  const latest = useRef(frame);
  useLayoutEffect(() => {
    latest.current = frame;
  });
  useEffect(() => {
    let id = requestAnimationFrame(function tick(now) {
      latest.current(now);
      id = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(id);
  }, []);
}
