import type { MusicLyrics } from './music';

/**
 * A song's lyric offset lives in its .lrc as `[offset:±ms]` (positive shows the lyrics earlier). The console
 * edits it as a number beside the text, while the tap editor reads and writes it inside the text: these move
 * it from one to the other. The server uses them too, to write the number into the file.
 */

const OFFSET_LINE = /^\s*\[offset:\s*([+-]?\d+)\s*\]\s*$/i;

/** The LRC's `[offset:±ms]`, 0 when it has none. */
export function lyricOffset(lrc: string): number {
  for (const line of lrc.split(/\r?\n/)) {
    const match = OFFSET_LINE.exec(line);
    if (match) return Number(match[1]);
  }
  return 0;
}

/** The LRC with its `[offset:]` tag set to `ms` (removed for 0), placed with the other header tags at the top. */
export function withLyricOffset(lrc: string, ms: number): string {
  const lines = lrc.replace(/^\uFEFF/, '').split(/\r?\n/).filter((line) => !OFFSET_LINE.test(line));
  if (ms !== 0) {
    const firstTimed = lines.findIndex((line) => /^\s*\[\d/.test(line));
    lines.splice(firstTimed < 0 ? 0 : firstTimed, 0, `[offset:${Math.round(ms)}]`);
  }
  return lines.join('\n');
}

/** The text the tap editor times: the LRC with the song's offset inside it, so taps land where they are heard. */
export function tapEditorText(lyrics: Pick<MusicLyrics, 'lrc' | 'offsetMs'>): string {
  return withLyricOffset(lyrics.lrc, lyrics.offsetMs);
}

/** The lyrics after the tap editor saved `text`: its `[offset:]` becomes the song's offset again. */
export function fromTapEditor(lyrics: MusicLyrics, text: string): MusicLyrics {
  return { ...lyrics, lrc: withLyricOffset(text, 0), offsetMs: lyricOffset(text) };
}
