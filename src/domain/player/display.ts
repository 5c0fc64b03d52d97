/** Pure helpers for the player's controls and lyric board: clamps, time display, volume, fades, offsets. */

export interface SizeRange {
  min: number;
  max: number;
  default: number;
}

/** Spec section 5: sizes of the SPECIAL lyric board in rem, and the background dimming. */
export const TITLE_SIZE: SizeRange = { min: 1, max: 5, default: 2.4 };
export const AUTHOR_SIZE: SizeRange = { min: 0, max: 2.4, default: 1.4 };
export const LYRIC_SIZE: SizeRange = { min: 1, max: 4, default: 1.8 };
export const BRIGHTNESS: SizeRange & { step: number } = { min: 0, max: 1, default: 0.5, step: 0.1 };

function clampTo(range: SizeRange, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return range.default;
  return Math.min(range.max, Math.max(range.min, value));
}

export const clampTitleSize = (value: number): number => clampTo(TITLE_SIZE, value);
export const clampAuthorSize = (value: number): number => clampTo(AUTHOR_SIZE, value);
export const clampLyricSize = (value: number): number => clampTo(LYRIC_SIZE, value);
/** Within 0–1, on the 0.1 grid (no 0.30000000000000004). */
export function clampBrightness(value: number): number {
  const clamped = clampTo(BRIGHTNESS, value);
  return Math.round(clamped * 10) / 10;
}

export interface LyricSettings {
  titleSize: number;
  authorSize: number;
  lyricSize: number;
  brightness: number;
}

export const DEFAULT_LYRIC_SETTINGS: LyricSettings = {
  titleSize: TITLE_SIZE.default,
  authorSize: AUTHOR_SIZE.default,
  lyricSize: LYRIC_SIZE.default,
  brightness: BRIGHTNESS.default,
};

export function clampLyricSettings(settings: Partial<LyricSettings>, base: LyricSettings = DEFAULT_LYRIC_SETTINGS): LyricSettings {
  return {
    titleSize: clampTitleSize(settings.titleSize ?? base.titleSize),
    authorSize: clampAuthorSize(settings.authorSize ?? base.authorSize),
    lyricSize: clampLyricSize(settings.lyricSize ?? base.lyricSize),
    brightness: clampBrightness(settings.brightness ?? base.brightness),
  };
}

/** `mm:ss` of a time in seconds; minutes keep counting past 59. Anything not a finite positive time is 00:00. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const mm = Math.floor(whole / 60);
  const ss = whole % 60;
  return `${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

/** Spec section 5: the 0–100 slider stores a 0–1 volume rounded to two decimals. */
export function volumeFromSlider(percent: number): number {
  if (typeof percent !== 'number' || !Number.isFinite(percent)) return 0;
  return Math.round(Math.min(100, Math.max(0, percent))) / 100;
}

export function sliderFromVolume(volume: number): number {
  return Math.round(clampVolume(volume) * 100);
}

export function clampVolume(volume: number): number {
  if (typeof volume !== 'number' || !Number.isFinite(volume)) return 0;
  return Math.round(Math.min(1, Math.max(0, volume)) * 100) / 100;
}

/** Spec section 9: a line shown for under 1 s gets no fades; 1 s or more fades in and out. */
export const LYRIC_FADE_MIN_GAP_MS = 1000;

export interface LineFade {
  fadeIn: boolean;
  fadeOut: boolean;
}

/**
 * Whether the SPECIAL board fades line `index` in and out: the gap is the time from its start to the next
 * line's start. The last line (no next line) has all the time it needs and fades.
 */
export function lineFade(times: readonly number[], index: number): LineFade {
  if (index < 0 || index >= times.length) return { fadeIn: false, fadeOut: false };
  const next = times[index + 1];
  const fades = next === undefined || next - times[index]! >= LYRIC_FADE_MIN_GAP_MS;
  return { fadeIn: fades, fadeOut: fades };
}

/** A per-song lyric offset moves in 0.5 s steps; positive shows the lyrics earlier. */
export const LYRIC_OFFSET_STEP_S = 0.5;
export const LYRIC_OFFSET_MAX_S = 30;
/** Offsets remembered at most, oldest dropped first, so the saved state stays small. */
export const LYRIC_OFFSETS_KEPT = 200;

/** Offsets by song, most recently set last (an array: integer-like object keys would lose that order). */
export type LyricOffsets = ReadonlyArray<{ songId: number; seconds: number }>;

export function normaliseOffset(seconds: number): number {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return 0;
  const stepped = Math.round(seconds / LYRIC_OFFSET_STEP_S) * LYRIC_OFFSET_STEP_S;
  return Math.min(LYRIC_OFFSET_MAX_S, Math.max(-LYRIC_OFFSET_MAX_S, stepped)) + 0;
}

export function offsetFor(offsets: LyricOffsets, songId: number | null | undefined): number {
  if (songId == null) return 0;
  return offsets.find((entry) => entry.songId === songId)?.seconds ?? 0;
}

/** Sets one song's offset (0 forgets it), keeping the most recent `LYRIC_OFFSETS_KEPT` entries. */
export function withOffset(offsets: LyricOffsets, songId: number, seconds: number): LyricOffsets {
  const value = normaliseOffset(seconds);
  const rest = offsets.filter((entry) => entry.songId !== songId);
  return (value === 0 ? rest : [...rest, { songId, seconds: value }]).slice(-LYRIC_OFFSETS_KEPT);
}

/** The lyric clock: audio time in ms moved by the song's offset. */
export function lyricClockMs(audioSeconds: number, offsetSeconds: number): number {
  return Math.round(audioSeconds * 1000 + offsetSeconds * 1000);
}
