import { activeWordIndex, wordProgress } from '../../../../domain/player/lyrics';
import type { LyricLine, LyricWord } from '../../../../domain/player/music';

/**
 * Pure view helpers of the lyric board: what the one `requestAnimationFrame` loop computes each frame
 * before it writes `--fill` on the word spans, and where the COMMON list scrolls.
 */

/** Spec section 9: the current line sits 30 px above the middle of the COMMON list. */
export const LYRIC_SCROLL_OFFSET_PX = -30;
/** Spec section 9: after a manual scroll the list is left alone this long. */
export const MANUAL_SCROLL_PAUSE_MS = 1000;
/** A line with no next line and no known song end sweeps over this long. */
export const LAST_LINE_SWEEP_MS = 5000;

/** CJK ideographs, kana, hangul and full-width forms each fill as one unit; other text word by word. */
const SEGMENT = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+\s*|\s+/gu;

/** Splits a line's text into the units an untimed sweep crosses (their texts join back into the line). */
export function sweepSegments(text: string): string[] {
  return text.match(SEGMENT) ?? [];
}

/**
 * When line `index` ends for the sweep: the next line's start; for the last line `LAST_LINE_SWEEP_MS` after its
 * start, or the song's end if that comes first.
 */
export function lineEndMs(lines: readonly LyricLine[], index: number, songEndMs = 0): number {
  const line = lines[index];
  if (!line) return 0;
  const next = lines[index + 1];
  if (next && next.time > line.time) return next.time;
  if (next) return line.time;
  const sweepEnd = line.time + LAST_LINE_SWEEP_MS;
  return songEndMs > line.time ? Math.min(songEndMs, sweepEnd) : sweepEnd;
}

/**
 * The words the karaoke fill runs over. A line with word times keeps them; a line without them is cut into
 * segments that share its duration (line start → next line start) by length, so the fill sweeps across the
 * line at an even pace and still wraps like text.
 */
export function fillWords(lines: readonly LyricLine[], index: number, songEndMs = 0): LyricWord[] {
  const line = lines[index];
  if (!line) return [];
  if (line.words && line.words.length > 0) return line.words;
  const segments = sweepSegments(line.text);
  const total = segments.reduce((sum, segment) => sum + segment.length, 0);
  const duration = Math.max(0, lineEndMs(lines, index, songEndMs) - line.time);
  let done = 0;
  return segments.map((text) => {
    const start = line.time + (total === 0 ? 0 : (duration * done) / total);
    done += text.length;
    const end = line.time + (total === 0 ? 0 : (duration * done) / total);
    return { start, duration: end - start, text };
  });
}

export interface LineFill {
  /** The word being sung, -1 before the first. */
  wordIndex: number;
  /** Per word, 0 (not yet) to 1 (sung). */
  fills: number[];
}

/** The fill of every word of a line at lyric clock `clockMs`. */
export function lineFillAt(words: readonly LyricWord[], clockMs: number): LineFill {
  const wordIndex = activeWordIndex(words, clockMs);
  const fills = words.map((word, i) => (i < wordIndex ? 1 : i > wordIndex ? 0 : wordProgress(word, clockMs)));
  return { wordIndex, fills };
}

/** The fill without the sweep, for readers who ask for less motion: a word lights up whole as it starts. */
export function steppedFill({ wordIndex, fills }: LineFill): LineFill {
  return { wordIndex, fills: fills.map((_, i) => (i <= wordIndex ? 1 : 0)) };
}

/** A fill as written to `--fill`: 0–1 with four decimals (no style write for changes nobody can see). */
export function fillValue(fill: number): string {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(fill) ? fill : 0));
  return String(Math.round(clamped * 10_000) / 10_000);
}

/**
 * The `scrollTop` that puts a line's middle `LYRIC_SCROLL_OFFSET_PX` from the middle of the list's viewport
 * (negative: above it), within the scrollable range.
 */
export function centredScrollTop(lineTop: number, lineHeight: number, viewportHeight: number, scrollHeight: number): number {
  const target = lineTop + lineHeight / 2 - viewportHeight / 2 - LYRIC_SCROLL_OFFSET_PX;
  const max = Math.max(0, scrollHeight - viewportHeight);
  return Math.round(Math.min(max, Math.max(0, target)));
}

/** Whether auto-centring waits: a manual scroll happened less than `MANUAL_SCROLL_PAUSE_MS` before `now`. */
export function manualScrollHolds(lastManualScrollAt: number | null, now: number): boolean {
  return lastManualScrollAt !== null && now - lastManualScrollAt < MANUAL_SCROLL_PAUSE_MS;
}
