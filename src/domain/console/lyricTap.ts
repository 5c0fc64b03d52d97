/**
 * The lyric tap editor's sheet (打点校时): the lines of a song's text, each with a start time or none yet,
 * stamped one after another while the song plays. Times are whole centiseconds (LRC's own precision), so
 * printing and reading back gives the same numbers.
 *
 * The stamped times of a sheet never go backwards, read top to bottom (untimed lines are skipped): every
 * operation here keeps that, and none of them adds, removes, reorders or rewrites a line.
 */

export interface TapLine {
  text: string;
  /** Start in centiseconds, as written to the file (before `[offset:]`); null until stamped. */
  time: number | null;
}

/** What stamping a line changed, so stepping back restores it exactly. */
export interface TapUndo {
  index: number;
  cursor: number;
  selected: number | null;
  /** The earlier times of every line the stamp changed (the line itself and later lines it cleared). */
  before: { index: number; time: number | null }[];
}

export interface TapSheet {
  /** Metadata lines (`[ti:…]`, `[ar:…]`, `[offset:…]`…) as written: kept out of the timing, printed first. */
  tags: string[];
  lines: TapLine[];
  /** The next line a tap stamps; `lines.length` once every line has had its turn. */
  cursor: number;
  /** The line the nudge buttons move; null when none is chosen. */
  selected: number | null;
  /** The stamps that can be taken back, newest last; any other change to the times empties it. */
  undo: TapUndo[];
}

/** The largest time LRC's three minute digits can hold: 999:59.99. */
export const MAX_TIME = 999 * 6000 + 5999;
/** One nudge: 0.1 s. */
export const NUDGE = 10;

const STAMP = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/y;
const WORD_STAMP = /<\d{1,3}:\d{1,2}(?:[.:]\d{1,3})?>/g;
const TAG = /^\[([A-Za-z#][\w#-]*):([^\]]*)\]$/;
const OFFSET_TAG = /^\[offset:\s*([+-]?\d+)\s*\]$/i;

const clampTime = (time: number) => Math.min(MAX_TIME, Math.max(0, time));

/** `mm:ss`, `mm:ss.x`, `mm:ss.xx` and `mm:ss.xxx` (ms, rounded to the centisecond). */
function stampTime(minutes: string, seconds: string, fraction: string | undefined): number {
  const ms = Number(minutes) * 60_000 + Number(seconds) * 1000 + (fraction ? Number(fraction) * 10 ** (3 - fraction.length) : 0);
  return clampTime(Math.round(ms / 10));
}

/** A line of text as the sheet keeps it: enhanced LRC's word stamps go (the editor times whole lines). */
function lineText(raw: string): string {
  return raw.replace(WORD_STAMP, '').trim();
}

interface Block {
  time: number | null;
  lines: TapLine[];
}

/**
 * Reads plain text (one line per lyric line) or LRC. LRC times are kept as a start; a line with several
 * stamps becomes one line per stamp; metadata tags are kept aside; blank lines, with or without a time, go.
 * Lines are put in time order, each untimed line staying after the timed line it followed.
 */
export function parseTapSheet(source: string): TapSheet {
  const tags: string[] = [];
  const blocks: Block[] = [{ time: null, lines: [] }];
  for (const raw of source.split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    if (line === '') continue;
    const stamps: number[] = [];
    STAMP.lastIndex = 0;
    let end = 0;
    let match: RegExpExecArray | null;
    while ((match = STAMP.exec(line)) !== null) {
      stamps.push(stampTime(match[1]!, match[2]!, match[3]));
      end = STAMP.lastIndex;
    }
    if (stamps.length === 0 && TAG.test(line)) {
      tags.push(line);
      continue;
    }
    const text = lineText(line.slice(end));
    if (text === '') continue;
    if (stamps.length === 0) blocks.at(-1)!.lines.push({ text, time: null });
    for (const time of stamps) blocks.push({ time, lines: [{ text, time }] });
  }
  // Stable: equal times keep file order. The untimed lines before the first time stay first.
  const [head, ...timed] = blocks;
  timed.sort((a, b) => a.time! - b.time!);
  const lines = [head!, ...timed].flatMap((block) => block.lines);
  return { tags, lines, cursor: firstUntimed(lines), selected: null, undo: [] };
}

/** Where tapping starts: the first line without a time (all stamped: the end). */
function firstUntimed(lines: readonly TapLine[]): number {
  const index = lines.findIndex((line) => line.time === null);
  return index === -1 ? lines.length : index;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** `mm:ss.xx`; minutes go past 59 (and past 99) rather than into hours. */
export function formatTime(time: number): string {
  const whole = clampTime(Math.round(time));
  return `${two(Math.floor(whole / 6000))}:${two(Math.floor((whole % 6000) / 100))}.${two(whole % 100)}`;
}

/** The sheet as LRC: the tags, then `[mm:ss.xx]text` per line; an untimed line is printed as plain text. */
export function formatTapSheet(sheet: Pick<TapSheet, 'tags' | 'lines'>): string {
  const lines = sheet.lines.map((line) => (line.time === null ? line.text : `[${formatTime(line.time)}]${line.text}`));
  return [...sheet.tags, ...lines].join('\n');
}

/** The `[offset:±ms]` tag's value in centiseconds (positive shows the lyrics earlier); 0 without one. */
export function offsetOf(sheet: Pick<TapSheet, 'tags'>): number {
  for (const tag of sheet.tags) {
    const match = OFFSET_TAG.exec(tag);
    if (match) return Math.round(Number(match[1]) / 10);
  }
  return 0;
}

/**
 * The sheet time at an audio position (seconds): a player shows a line `offset` early, so a stamp made
 * while hearing `seconds` is written `offset` later.
 */
export function sheetTimeAt(sheet: Pick<TapSheet, 'tags'>, seconds: number): number {
  return clampTime(Math.round(seconds * 100) + offsetOf(sheet));
}

/** The audio position (seconds) where a line stamped `time` is shown. */
export function audioSecondsOf(sheet: Pick<TapSheet, 'tags'>, time: number): number {
  return Math.max(0, time - offsetOf(sheet)) / 100;
}

export function untimedCount(sheet: Pick<TapSheet, 'lines'>): number {
  return sheet.lines.filter((line) => line.time === null).length;
}

/** True when the stamped times never go backwards (untimed lines skipped). */
export function isMonotonic(lines: readonly TapLine[]): boolean {
  let last = -Infinity;
  for (const line of lines) {
    if (line.time === null) continue;
    if (line.time < last) return false;
    last = line.time;
  }
  return true;
}

/** The nearest stamped times above and below `index` (0 and MAX_TIME when there are none). */
function neighbours(lines: readonly TapLine[], index: number): { low: number; high: number } {
  let low = 0;
  for (let i = index - 1; i >= 0; i--) {
    const time = lines[i]!.time;
    if (time !== null) {
      low = time;
      break;
    }
  }
  let high = MAX_TIME;
  for (let i = index + 1; i < lines.length; i++) {
    const time = lines[i]!.time;
    if (time !== null) {
      high = time;
      break;
    }
  }
  return { low, high };
}

/**
 * Stamps the cursor's line with `time` and moves on to the next line, which is selected for nudging.
 * A time before an earlier stamp is raised to it (the writer sought back); later stamps before the new one
 * are cleared, being from an older timing that this pass replaces.
 */
export function tap(sheet: TapSheet, time: number): TapSheet {
  const index = sheet.cursor;
  if (index >= sheet.lines.length) return sheet;
  const stamped = Math.max(clampTime(Math.round(time)), neighbours(sheet.lines, index).low);
  const before: TapUndo['before'] = [];
  const lines = sheet.lines.map((line, i) => {
    if (i < index) return line;
    const next = i === index ? stamped : line.time !== null && line.time < stamped ? null : line.time;
    if (next === line.time) return line;
    before.push({ index: i, time: line.time });
    return { ...line, time: next };
  });
  return {
    ...sheet,
    lines,
    cursor: index + 1,
    selected: index,
    undo: [...sheet.undo, { index, cursor: sheet.cursor, selected: sheet.selected, before }],
  };
}

/**
 * Steps back one line: right after a stamp, undoes it exactly (the times it changed, the cursor, the
 * selection); otherwise clears the time of the line above the cursor and makes it the next to stamp.
 */
export function untap(sheet: TapSheet): TapSheet {
  const last = sheet.undo.at(-1);
  if (last && last.index === sheet.cursor - 1) {
    const lines = [...sheet.lines];
    for (const { index, time } of last.before) lines[index] = { ...lines[index]!, time };
    return { ...sheet, lines, cursor: last.cursor, selected: last.selected, undo: sheet.undo.slice(0, -1) };
  }
  if (sheet.cursor === 0) return sheet;
  const index = sheet.cursor - 1;
  const lines = sheet.lines.map((line, i) => (i === index && line.time !== null ? { ...line, time: null } : line));
  return { ...sheet, lines, cursor: index, selected: index, undo: [] };
}

/** Chooses a line: the nudges move it and the next tap stamps it. */
export function selectLine(sheet: TapSheet, index: number): TapSheet {
  if (!Number.isInteger(index) || index < 0 || index >= sheet.lines.length) return sheet;
  return { ...sheet, selected: index, cursor: index };
}

/** Moves the selected line's time by `delta`, never past the stamped lines around it. */
export function nudge(sheet: TapSheet, delta: number): TapSheet {
  const index = sheet.selected;
  if (index === null) return sheet;
  const line = sheet.lines[index];
  if (!line || line.time === null) return sheet;
  const { low, high } = neighbours(sheet.lines, index);
  const time = Math.min(high, Math.max(low, line.time + Math.round(delta)));
  if (time === line.time) return sheet;
  const lines = sheet.lines.map((other, i) => (i === index ? { ...other, time } : other));
  return { ...sheet, lines, undo: [] };
}

/** Moves every stamped time by `delta`, as far as the first can go towards 0 and the last towards the end. */
export function shiftAll(sheet: TapSheet, delta: number): TapSheet {
  const times = sheet.lines.flatMap((line) => (line.time === null ? [] : [line.time]));
  if (times.length === 0) return sheet;
  // Stamped times are in order, so the first is the smallest and the last the largest.
  const step = Math.min(MAX_TIME - times.at(-1)!, Math.max(-times[0]!, Math.round(delta)));
  if (step === 0) return sheet;
  const lines = sheet.lines.map((line) => (line.time === null ? line : { ...line, time: line.time + step }));
  return { ...sheet, lines, undo: [] };
}

/**
 * The line the song is at (sheet time `time`): the last stamped line starting at or before it, until the
 * next stamped line starts; -1 before the first.
 */
export function activeLine(lines: readonly TapLine[], time: number): number {
  let found = -1;
  for (let i = 0; i < lines.length; i++) {
    const start = lines[i]!.time;
    if (start === null) continue;
    if (start > time) break;
    found = i;
  }
  return found;
}

/** Why a sheet cannot be saved yet, or null when it can. */
export type TapProblem = { kind: 'empty' } | { kind: 'untimed'; count: number };

export function checkTapSheet(sheet: Pick<TapSheet, 'lines'>): TapProblem | null {
  if (sheet.lines.length === 0) return { kind: 'empty' };
  const count = untimedCount(sheet);
  return count > 0 ? { kind: 'untimed', count } : null;
}
