import * as zhCN from '../../../src/i18n/zh-CN';
import { AUDIO_TYPES, splitArtists, type CueSpan, type GuessedNames } from './library';

/**
 * CUE sheets: an album ripped as one FLAC or WAV with a `.cue` beside it naming each track and where it begins.
 * Only what a player needs is read (FILE, TRACK, TITLE, PERFORMER, INDEX 01); REM lines, pregaps (INDEX 00),
 * flags and catalogue numbers are ignored.
 */

/** CD frames: a sheet's times are `mm:ss:ff` at 75 frames a second. */
const FRAMES_PER_SECOND = 75;

export interface CueTrack {
  number: number;
  /** The FILE in effect at the track's INDEX 01, as the sheet spells it. */
  file: string;
  title?: string;
  performer?: string;
  /** INDEX 01, in frames from the start of `file`. */
  start: number;
}

export interface CueSheet {
  title?: string;
  performer?: string;
  /** In sheet order; a track without INDEX 01 or with a number already seen is left out. */
  tracks: CueTrack[];
}

export function msfToFrames(msf: string): number | undefined {
  const match = /^(\d+):(\d{1,2}):(\d{1,2})$/.exec(msf.trim());
  if (!match) return undefined;
  const [minutes, seconds, frames] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (seconds >= 60 || frames >= FRAMES_PER_SECOND) return undefined;
  return (minutes * 60 + seconds) * FRAMES_PER_SECOND + frames;
}

export function framesToMsf(frames: number): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const seconds = Math.floor(frames / FRAMES_PER_SECOND);
  return `${two(Math.floor(seconds / 60))}:${two(seconds % 60)}:${two(frames % FRAMES_PER_SECOND)}`;
}

/** The nearest millisecond: a frame is 13⅓ ms, so distinct frames stay distinct and in order. */
export function framesToMs(frames: number): number {
  return Math.round((frames * 1000) / FRAMES_PER_SECOND);
}

/** A value as sheets write it: quoted (everything between the first and the last quote, so inner quotes survive) or bare. */
function valueOf(rest: string): string {
  const quoted = /^"(.*)"$/s.exec(rest);
  return quoted ? (quoted[1] ?? '') : rest;
}

/** `FILE "name" WAVE`: the name, without the type word after it. */
function fileNameOf(rest: string): string {
  const quoted = /^"(.*)"\s*\S*$/s.exec(rest);
  if (quoted) return quoted[1] ?? '';
  return /^(.*\S)\s+\S+$/s.exec(rest)?.[1] ?? rest;
}

/** Reads a sheet's text (already decoded); keywords in any case, lines ending in CR, LF or both. */
export function parseCueSheet(text: string): CueSheet {
  const sheet: CueSheet = { tracks: [] };
  const drafts: Partial<CueTrack>[] = [];
  let file: string | undefined;
  let track: Partial<CueTrack> | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = /^(\S+)\s*(.*)$/s.exec(line.trim());
    if (!match) continue;
    const keyword = (match[1] ?? '').toUpperCase();
    const rest = match[2] ?? '';
    const target = track ?? sheet;
    if (keyword === 'FILE') file = fileNameOf(rest);
    else if (keyword === 'TRACK') {
      track = file === undefined ? undefined : { number: Number.parseInt(rest, 10) };
      if (track) drafts.push(track);
    } else if (keyword === 'TITLE') target.title = valueOf(rest);
    else if (keyword === 'PERFORMER') target.performer = valueOf(rest);
    else if (keyword === 'INDEX' && track && track.start === undefined) {
      const [index, time] = rest.split(/\s+/);
      const start = msfToFrames(time ?? '');
      if (Number(index) !== 1 || start === undefined) continue;
      track.file = file;
      track.start = start;
    }
  }
  const seen = new Set<number>();
  for (const { number, file, start, ...names } of drafts) {
    if (number === undefined || !Number.isInteger(number) || file === undefined || start === undefined || seen.has(number)) continue;
    seen.add(number);
    sheet.tracks.push({ number, file, start, ...names });
  }
  return sheet;
}

/** The sheet as text (always quoted values, a FILE line wherever the file changes): parseCueSheet gives it back. */
export function printCueSheet(sheet: CueSheet): string {
  const lines: string[] = [];
  if (sheet.performer !== undefined) lines.push(`PERFORMER "${sheet.performer}"`);
  if (sheet.title !== undefined) lines.push(`TITLE "${sheet.title}"`);
  let file: string | undefined;
  for (const track of sheet.tracks) {
    if (track.file !== file) lines.push(`FILE "${track.file}" WAVE`);
    file = track.file;
    lines.push(`  TRACK ${String(track.number).padStart(2, '0')} AUDIO`);
    if (track.title !== undefined) lines.push(`    TITLE "${track.title}"`);
    if (track.performer !== undefined) lines.push(`    PERFORMER "${track.performer}"`);
    lines.push(`    INDEX 01 ${framesToMsf(track.start)}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Each track's span: from its INDEX 01 to the next track's in the same file, the last of a file to the file's end. */
export function cueSpans(sheet: CueSheet): (CueTrack & CueSpan)[] {
  return sheet.tracks.flatMap((track, index) => {
    const next = sheet.tracks[index + 1];
    const end = next?.file === track.file ? next.start : null;
    // Out of order or zero-length: not a span a player can play.
    if (end !== null && end <= track.start) return [];
    return [{ ...track, startMs: framesToMs(track.start), endMs: end === null ? null : framesToMs(end) }];
  });
}

/**
 * The audio file a sheet's FILE names, among the names in the sheet's folder: the same name in any case, else
 * the same name with another audio extension (a sheet written for the WAV of a rip later compressed to FLAC).
 * A path in FILE is reduced to its last part: the audio must lie beside the sheet.
 */
export function resolveCueFile(name: string, folderFiles: readonly string[]): string | undefined {
  const wanted = name.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  const stem = (file: string) => file.toLowerCase().replace(/\.[^.]*$/, '');
  const extension = (file: string) => /\.([^.]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return (
    folderFiles.find((file) => file.toLowerCase() === wanted) ??
    folderFiles.find((file) => stem(file) === stem(wanted) && extension(file) in AUDIO_TYPES)
  );
}

/** What the file's own tags say, which a sheet's track overrides. */
interface WholeFile {
  title: string;
  artists: string[];
  album: string;
  durationMs: number;
  guessed: GuessedNames;
}

/**
 * A track's names and duration: TITLE and PERFORMER of the track, the sheet's PERFORMER for a track without one,
 * then the file's tags; the sheet's TITLE is the album. Names the sheet gives are not guesses. Undefined when the
 * track starts past the file's end (a sheet made for another rip).
 */
export function cueSong(sheet: CueSheet, track: CueTrack & CueSpan, whole: WholeFile) {
  if (track.startMs >= whole.durationMs) return undefined;
  const endMs = track.endMs !== null && track.endMs < whole.durationMs ? track.endMs : null;
  const performer = splitArtists([track.performer || sheet.performer || '']);
  const album = sheet.title?.trim();
  // The title is always the sheet's (or its track number); the rest stays a guess where the sheet is silent too.
  const guessed: GuessedNames = {};
  if (performer.length === 0 && whole.guessed.artists) guessed.artists = whole.guessed.artists;
  if (!album && whole.guessed.album) guessed.album = whole.guessed.album;
  return {
    title: track.title?.trim() || zhCN.musicServer.cueTrack(track.number),
    artists: performer.length > 0 ? performer : whole.artists,
    album: album || whole.album,
    aliases: [],
    durationMs: (endMs ?? whole.durationMs) - track.startMs,
    guessed,
    cue: { number: track.number, startMs: track.startMs, endMs } satisfies CueSpan,
  };
}

/**
 * The name (no folder, no extension) of a CUE track's lyric files: its title, with the characters file names
 * cannot hold replaced by `_` as Windows players save them (`晴天.lrc`, `晴天.t.lrc`, `晴天.yrc` beside the sheet).
 * The title rather than the sheet's name and a number, because that is what lyric tools name their downloads.
 */
export function cueLyricName(title: string): string {
  return title.replace(/[\\/:*?"<>|]/g, '_');
}
