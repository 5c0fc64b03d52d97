import type { LyricNames } from './names';

/**
 * What the lyric files beside a song become in the `/lyric` answer (the shape of the public `/lyric/new`):
 * `lrc` plain line times, `tlyric` the translation, `yrc` word times. The library accepts word times either as
 * NetEase YRC or as enhanced LRC (`<mm:ss.xx>` before each word), and a translation either in its own file or
 * carried in the LRC the way NetEase does (a second line with the same time stamp).
 */
export interface LyricFiles {
  lrc?: string | undefined;
  translation?: string | undefined;
  yrc?: string | undefined;
}

export interface LyricAnswer {
  lrc?: { lyric: string };
  tlyric?: { lyric: string };
  yrc?: { lyric: string };
  nolyric?: true;
}

const LINE_STAMP = /^((?:\[\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?\])+)(.*)$/;
const WORD_STAMP = /<(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?>/g;

function stampToMs(minutes: string, seconds: string, fraction: string | undefined): number {
  const fractionMs = fraction === undefined ? 0 : Number(fraction.padEnd(3, '0').slice(0, 3));
  return Number(minutes) * 60_000 + Number(seconds) * 1000 + fractionMs;
}

/** Enhanced LRC → YRC lines `[start,duration](wordStart,wordDuration,0)word…`; undefined when there are no word stamps. */
export function enhancedLrcToYrc(lrc: string): string | undefined {
  const lines = lrc.split(/\r?\n/);
  const timed: { words: { start: number; text: string }[] }[] = [];
  for (const line of lines) {
    const match = LINE_STAMP.exec(line.trim());
    if (!match) continue;
    const body = match[2] ?? '';
    const stamps = [...body.matchAll(WORD_STAMP)];
    if (stamps.length === 0) continue;
    const words = stamps.map((stamp, index) => {
      const end = stamps[index + 1]?.index ?? body.length;
      const text = body.slice((stamp.index ?? 0) + stamp[0].length, end);
      return { start: stampToMs(stamp[1] ?? '0', stamp[2] ?? '0', stamp[3]), text };
    });
    // A trailing stamp with no text marks where the last word ends.
    const closing = words.at(-1)?.text === '' ? words.pop() : undefined;
    if (words.length > 0) timed.push({ words: closing ? [...words, { start: closing.start, text: '' }] : words });
  }
  if (timed.length === 0) return undefined;
  return timed
    .map(({ words }, lineIndex) => {
      const sung = words.filter((word) => word.text !== '');
      const nextLineStart = timed[lineIndex + 1]?.words[0]?.start;
      const ends = words.map((word, index) => words[index + 1]?.start ?? nextLineStart ?? word.start + 1000);
      const parts = words
        .map((word, index) => ({ ...word, duration: Math.max(0, (ends[index] ?? word.start) - word.start) }))
        .filter((word) => word.text !== '');
      const start = sung[0]?.start ?? 0;
      const last = parts.at(-1);
      const end = last ? last.start + last.duration : start;
      return `[${start},${end - start}]${parts.map((word) => `(${word.start},${word.duration},0)${word.text}`).join('')}`;
    })
    .join('\n');
}

/** Removes word stamps so that clients that only read `lrc` see plain lines. */
export function stripWordStamps(lrc: string): string {
  return lrc
    .split(/\r?\n/)
    .map((line) => line.replace(WORD_STAMP, '').trimEnd())
    .join('\n');
}

/** NetEase carries a translation as a second line with the same stamp; splits it out. */
export function splitEmbeddedTranslation(lrc: string): { original: string; translation?: string } {
  const seen = new Set<string>();
  const original: string[] = [];
  const translation: string[] = [];
  for (const line of lrc.split(/\r?\n/)) {
    const match = LINE_STAMP.exec(line.trim());
    if (!match || (match[2] ?? '').trim() === '') {
      original.push(line);
      continue;
    }
    const stamps = match[1] ?? '';
    if (seen.has(stamps)) translation.push(line.trim());
    else {
      seen.add(stamps);
      original.push(line);
    }
  }
  return translation.length > 0 ? { original: original.join('\n'), translation: translation.join('\n') } : { original: lrc };
}

/** `mm:ss.mmm`, the time inside an LRC line stamp or an enhanced LRC word stamp. */
function clock(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
}

const formatStamp = (ms: number) => `[${clock(ms)}]`;

/** Line times from YRC, for a song that has only word-timed lyrics. */
function yrcToLrc(yrc: string): string {
  return yrc
    .split(/\r?\n/)
    .flatMap((line) => {
      const match = /^\[(\d+),\d+\](.*)$/.exec(line.trim());
      if (!match) return [];
      const text = (match[2] ?? '').replace(/\(\d+,\d+(?:,\d+)?\)/g, '');
      return [`${formatStamp(Number(match[1]))}${text}`];
    })
    .join('\n');
}

function hasTimedText(lrc: string | undefined): lrc is string {
  return lrc !== undefined && lrc.split(/\r?\n/).some((line) => (LINE_STAMP.exec(line.trim())?.[2] ?? '').trim() !== '');
}

/**
 * Synchronised lyrics (ID3 SYLT, times in ms) as LRC. By the ID3 convention an entry that starts with a line break
 * begins a new line: then the entries are syllables, and a line of several becomes enhanced LRC (word times);
 * without any line break each entry is a line of its own.
 */
export function syncedLyricsToLrc(entries: readonly { text: string; timestamp?: number | undefined }[]): string {
  const bySyllable = entries.some((entry, index) => index > 0 && /^[\r\n]/.test(entry.text));
  const lines: { ms: number; text: string }[][] = [];
  for (const entry of entries) {
    if (entry.timestamp === undefined) continue;
    const word = { ms: Math.max(0, Math.round(entry.timestamp)), text: entry.text.replace(/^[\r\n]+|[\r\n]+$/g, '') };
    const last = lines.at(-1);
    if (bySyllable && last && !/^[\r\n]/.test(entry.text)) last.push(word);
    else lines.push([word]);
  }
  return lines
    .map((words) => {
      const [first] = words;
      if (!first) return '';
      return words.length === 1 ? `${formatStamp(first.ms)}${first.text}` : `${formatStamp(first.ms)}${words.map((word) => `<${clock(word.ms)}>${word.text}`).join('')}`;
    })
    .join('\n');
}

/** Of the lyrics embedded in one file (several frames or comments), the first with timed lines, else the first. */
export function preferTimed(candidates: readonly string[]): string | undefined {
  return candidates.find((text) => hasTimedText(text)) ?? candidates[0];
}

/** The `[ti:]`, `[ar:]` and `[al:]` lines of an LRC: title, artist and album as the lyric file names them. */
export function lyricTags(lrc: string): LyricNames {
  const fields = { ti: 'title', ar: 'artist', al: 'album' } as const;
  const found: LyricNames = {};
  for (const line of lrc.split(/\r?\n/)) {
    const match = /^\[(ti|ar|al)\s*:(.*)\]$/i.exec(line.trim());
    const key = match?.[1]?.toLowerCase() as keyof typeof fields | undefined;
    const value = match?.[2]?.trim();
    if (key && value && found[fields[key]] === undefined) found[fields[key]] = value;
  }
  return found;
}

export function lyricAnswer(files: LyricFiles): LyricAnswer {
  const hasYrc = /^\[\d+,\d+\]/m.test(files.yrc ?? '');
  if (!hasTimedText(files.lrc) && !hasYrc) return { nolyric: true };
  const answer: LyricAnswer = {};
  const raw = hasTimedText(files.lrc) ? files.lrc : yrcToLrc(files.yrc ?? '');
  const wordTimes = files.yrc?.trim() ? files.yrc.trim() : enhancedLrcToYrc(raw);
  const plain = stripWordStamps(raw);
  const { original, translation } = files.translation?.trim() ? { original: plain, translation: files.translation } : splitEmbeddedTranslation(plain);
  answer.lrc = { lyric: original };
  if (translation && hasTimedText(translation)) answer.tlyric = { lyric: translation };
  if (wordTimes) answer.yrc = { lyric: wordTimes };
  return answer;
}
