import type { CurrentTrack, LyricLine, LyricWord, RawLyrics } from './music';

/**
 * LRC, enhanced LRC and NetEase YRC parsing, and the searches the lyric board runs every frame.
 * All times are ms from the start of the song.
 */

const LINE_STAMP = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/y;
const WORD_STAMP = /<(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?>/g;
const OFFSET_TAG = /^\[offset:\s*([+-]?\d+)\s*\]$/i;
const YRC_LINE = /^\[(\d+),(\d+)\](.*)$/;
const YRC_WORD = /\((\d+),(\d+),-?\d+\)/g;

/** A translation is paired with the main line whose start is nearest, if within this distance. */
export const TRANSLATION_TOLERANCE_MS = 300;
/** The last timed word of a song's last line, without an end stamp, is held this long. */
export const LAST_WORD_MS = 1000;

/** `mm:ss`, `mm:ss.x` (tenths), `mm:ss.xx` (centiseconds) and `mm:ss.xxx` (ms): minutes*60000 + seconds*1000. */
function stampMs(minutes: string, seconds: string, fraction: string | undefined): number {
  const whole = Number(minutes) * 60_000 + Number(seconds) * 1000;
  if (!fraction) return whole;
  return whole + Number(fraction) * 10 ** (3 - fraction.length);
}

interface PendingWord {
  start: number;
  /** Undefined until the next stamp or the next line is known. */
  end?: number;
  text: string;
}

/** Splits `text<01:02.30>word<01:02.80>word2<01:03.00>` into timed words; null when it has no word stamps. */
function enhancedWords(rest: string, lineStart: number): { text: string; words: PendingWord[] } | null {
  WORD_STAMP.lastIndex = 0;
  if (!WORD_STAMP.test(rest)) return null;
  WORD_STAMP.lastIndex = 0;
  const words: PendingWord[] = [];
  let cursor = 0;
  let start = lineStart;
  for (const match of rest.matchAll(WORD_STAMP)) {
    const at = stampMs(match[1]!, match[2]!, match[3]);
    const before = rest.slice(cursor, match.index);
    if (before !== '') words.push({ start, end: at, text: before });
    start = at;
    cursor = match.index + match[0].length;
  }
  const tail = rest.slice(cursor);
  if (tail !== '') words.push({ start, text: tail });
  return { text: words.map((word) => word.text).join('').trim(), words };
}

function finishWords(words: PendingWord[], lineEnd: number): LyricWord[] {
  return words
    .map((word, i) => {
      const end = word.end ?? words[i + 1]?.start ?? lineEnd;
      return { start: word.start, duration: Math.max(0, end - word.start), text: word.text };
    })
    .filter((word) => word.text.trim() !== '');
}

interface ParsedLine {
  time: number;
  text: string;
  words?: PendingWord[];
}

/**
 * Parses LRC: one or several `[mm:ss(.xx)]` stamps at the start of a line, `[offset:±ms]` (positive shows the
 * lyrics earlier), enhanced `<mm:ss.xx>` word stamps inside a line. Metadata tags (`[ar:…]`, `[ti:…]`) and lines
 * without a time or without text are skipped. Lines come out sorted by time, equal times in file order.
 */
export function parseLrc(source: string): LyricLine[] {
  let offset = 0;
  const parsed: ParsedLine[] = [];
  for (const raw of source.split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    const offsetTag = OFFSET_TAG.exec(line);
    if (offsetTag) {
      offset = Number(offsetTag[1]);
      continue;
    }
    const stamps: number[] = [];
    LINE_STAMP.lastIndex = 0;
    let match: RegExpExecArray | null;
    let end = 0;
    while ((match = LINE_STAMP.exec(line)) !== null) {
      stamps.push(stampMs(match[1]!, match[2]!, match[3]));
      end = LINE_STAMP.lastIndex;
    }
    if (stamps.length === 0) continue;
    const rest = line.slice(end);
    const enhanced = enhancedWords(rest, stamps[0]!);
    const text = enhanced ? enhanced.text : rest.trim();
    if (text === '') continue;
    for (const time of stamps) {
      const shift = time - stamps[0]!;
      parsed.push({
        time,
        text,
        words: enhanced?.words.map((word) => ({ ...word, start: word.start + shift, end: word.end === undefined ? undefined : word.end + shift })),
      });
    }
  }
  return finish(parsed, offset);
}

function finish(parsed: ParsedLine[], offset: number): LyricLine[] {
  const shifted = parsed
    .map((line, order) => ({ line, order, time: Math.max(0, line.time - offset) }))
    .sort((a, b) => a.time - b.time || a.order - b.order);
  return shifted.map(({ line, time }, i) => {
    const next = shifted[i + 1]?.time;
    const out: LyricLine = { time, text: line.text };
    if (line.words) {
      const words = line.words.map((word) => ({
        ...word,
        start: Math.max(0, word.start - offset),
        end: word.end === undefined ? undefined : Math.max(0, word.end - offset),
      }));
      const lastStart = words.at(-1)?.start ?? time;
      const lineEnd = next !== undefined && next > lastStart ? next : lastStart + LAST_WORD_MS;
      const finished = finishWords(words, lineEnd);
      if (finished.length > 0) out.words = finished;
    }
    return out;
  });
}

/**
 * Parses NetEase YRC: `[lineStartMs,lineDurMs](wordStartMs,wordDurMs,0)字(…)…`. Other lines (the JSON credit
 * lines) are skipped, as are lines without words.
 */
export function parseYrc(source: string): LyricLine[] {
  const lines: LyricLine[] = [];
  for (const raw of source.split(/\r\n|\n|\r/)) {
    const line = YRC_LINE.exec(raw.trim());
    if (!line) continue;
    const body = line[3]!;
    const words: LyricWord[] = [];
    const stamps = [...body.matchAll(YRC_WORD)];
    stamps.forEach((stamp, i) => {
      const end = stamps[i + 1]?.index ?? body.length;
      const text = body.slice(stamp.index + stamp[0].length, end);
      if (text === '') return;
      words.push({ start: Number(stamp[1]), duration: Number(stamp[2]), text });
    });
    const text = words.map((word) => word.text).join('').trim();
    if (text === '') continue;
    lines.push({ time: Number(line[1]), text, words: words.filter((word) => word.text.trim() !== '') });
  }
  return lines.map((line, order) => ({ line, order })).sort((a, b) => a.line.time - b.line.time || a.order - b.order).map(({ line }) => line);
}

/** Gives each line the translation whose start is nearest its own, within `TRANSLATION_TOLERANCE_MS`. */
export function pairTranslations(lines: readonly LyricLine[], translations: readonly LyricLine[]): LyricLine[] {
  if (translations.length === 0) return [...lines];
  const times = translations.map((line) => line.time);
  return lines.map((line) => {
    const before = activeLineIndex(times, line.time);
    const candidates = [before, before + 1].filter((i) => i >= 0 && i < translations.length);
    let best: LyricLine | undefined;
    for (const i of candidates) {
      const candidate = translations[i]!;
      const distance = Math.abs(candidate.time - line.time);
      if (distance <= TRANSLATION_TOLERANCE_MS && (!best || distance < Math.abs(best.time - line.time))) best = candidate;
    }
    return best ? { ...line, translation: best.text } : { ...line };
  });
}

/** The lines of a song: YRC when it has any (word times), else LRC; translations from `tlyric`. */
export function buildLyrics(raw: RawLyrics): LyricLine[] {
  const yrc = parseYrc(raw.yrc);
  const main = yrc.length > 0 ? yrc : parseLrc(raw.lrc);
  return pairTranslations(main, parseLrc(raw.tlyric));
}

export function makeTrack(id: number, url: string, raw: RawLyrics): CurrentTrack {
  const lines = buildLyrics(raw);
  return { id, url, lines, lyricList: lines.map((line) => line.text), lyricTimeList: lines.map((line) => line.time) };
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** `[mm:ss.xxx]`, exact to the ms, so print → parse gives the same times. */
export function formatStamp(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  return `${two(minutes)}:${two(seconds)}.${String(whole % 1000).padStart(3, '0')}`;
}

/** Prints lines as LRC; lines with words as enhanced LRC with an end stamp after the last word. */
export function printLrc(lines: readonly LyricLine[]): string {
  return lines
    .map((line) => {
      if (!line.words || line.words.length === 0) return `[${formatStamp(line.time)}]${line.text}`;
      const words = line.words.map((word) => `<${formatStamp(word.start)}>${word.text}`).join('');
      const last = line.words.at(-1)!;
      return `[${formatStamp(line.time)}]${words}<${formatStamp(last.start + last.duration)}>`;
    })
    .join('\n');
}

/** The last index whose time is at or before `time`, or -1 before the first (binary search on sorted times). */
export function activeLineIndex(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (times[mid]! <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** The word being sung at `time`: the last word started at or before it, or -1 before the first. */
export function activeWordIndex(words: readonly LyricWord[], time: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (words[mid]!.start <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** How much of a word is sung at `time`, 0 to 1 (for a karaoke fill). */
export function wordProgress(word: LyricWord, time: number): number {
  if (time <= word.start) return 0;
  if (word.duration <= 0 || time >= word.start + word.duration) return 1;
  return (time - word.start) / word.duration;
}
