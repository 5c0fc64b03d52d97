import type { LyricLine, Score } from './score';

/** What the LRC header says about a song. */
export interface LyricMeta {
  title: string;
  artist: string;
  album: string;
}

const GENERATOR = '听雨小筑 demo album generator';

/** `mm:ss.xxx` with three-digit milliseconds, exact for the whole-millisecond note times of the score. */
export function formatLrcTime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  return `${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}`;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function header(meta: LyricMeta): string[] {
  return [`[ti:${meta.title}]`, `[ar:${meta.artist}]`, `[al:${meta.album}]`, `[by:${GENERATOR}]`];
}

function lineText(line: LyricLine): string {
  return line.notes.map((note) => note.syllable ?? '').join('');
}

/** Plain LRC: one stamped line per sung poem line. */
export function lrcText(score: Score, meta: LyricMeta): string {
  const body = score.lines.map((line) => `[${formatLrcTime(line.startMs)}]${lineText(line)}`);
  return [...header(meta), ...body, ''].join('\n');
}

/** Enhanced LRC: a `<mm:ss.xxx>` stamp before every character, and one closing the last character. */
export function enhancedLrcText(score: Score, meta: LyricMeta): string {
  const body = score.lines.map((line) => {
    const words = line.notes.map((note) => `<${formatLrcTime(note.startMs)}>${note.syllable ?? ''}`).join('');
    return `[${formatLrcTime(line.startMs)}]${words}<${formatLrcTime(line.endMs)}>`;
  });
  return [...header(meta), ...body, ''].join('\n');
}

/** NetEase YRC: `[lineStart,lineDuration](wordStart,wordDuration,0)字…`, absolute milliseconds. */
export function yrcText(score: Score): string {
  const body = score.lines.map((line) => {
    const words = line.notes.map((note) => `(${note.startMs},${note.durationMs},0)${note.syllable ?? ''}`).join('');
    return `[${line.startMs},${line.endMs - line.startMs}]${words}`;
  });
  return [...body, ''].join('\n');
}

/** A translation LRC with the same stamps as the original: `translation[i]` belongs to poem line i. */
export function translationLrcText(score: Score, meta: LyricMeta, translation: readonly string[]): string {
  if (translation.length !== score.plan.poem.length) {
    throw new Error(`${meta.title}: ${translation.length} translated lines for ${score.plan.poem.length} poem lines`);
  }
  const body = score.lines.map((line) => `[${formatLrcTime(line.startMs)}]${translation[line.poemLineIndex] ?? ''}`);
  return [...header(meta), ...body, ''].join('\n');
}
