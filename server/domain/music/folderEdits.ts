/**
 * Pure rules for the console's edits of the music folder: the order file, the per-folder metadata sidecar, safe
 * file names, the audio formats told by their bytes, and the LRC offset tag. The folder stays the truth: each of
 * these is written into MUSIC_DIR and read back by the scanner.
 */

/** In each folder, the names of its entries in the blogger's order, one a line (the top level lists folders). */
export const ORDER_FILE = 'order.txt';
/** In each folder, edited names by file name (`{ "01 春晓.mp3": { "title": "…" } }`), read before the tags. */
export const SONGS_FILE = 'songs.json';
/** A song's own cover, beside it: `<song base>.jpg`, preferred to the picture in its tags. */
export const SONG_COVER_EXTENSION = '.jpg';

/** Orders `names`: those in `listed` first, in that order, then the rest in `compare` order (new files last). */
export function applyOrder(names: readonly string[], listed: readonly string[], compare: (a: string, b: string) => number): string[] {
  const present = new Set(names);
  const first = [...new Set(listed)].filter((name) => present.has(name));
  const taken = new Set(first);
  return [...first, ...names.filter((name) => !taken.has(name)).sort(compare)];
}

export function parseOrderFile(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function printOrderFile(names: readonly string[]): string {
  return names.length === 0 ? '' : `${names.join('\n')}\n`;
}

/** What the console may set of a song's names; absent fields keep what the tags say. */
export interface SongMeta {
  title?: string;
  artists?: string[];
  album?: string;
  aliases?: string[];
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The sidecar's entries; anything malformed in it is ignored rather than failing the scan. */
export function parseSongsFile(text: string): Map<string, SongMeta> {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return new Map();
  }
  const entries = new Map<string, SongMeta>();
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return entries;
  for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) continue;
    const raw = value as Record<string, unknown>;
    const meta: SongMeta = {};
    if (typeof raw.title === 'string' && raw.title.trim()) meta.title = raw.title.trim();
    if (isStringList(raw.artists)) meta.artists = raw.artists.map((a) => a.trim()).filter(Boolean);
    if (typeof raw.album === 'string') meta.album = raw.album.trim();
    if (isStringList(raw.aliases)) meta.aliases = raw.aliases.map((a) => a.trim()).filter(Boolean);
    if (Object.keys(meta).length > 0) entries.set(name, meta);
  }
  return entries;
}

export function printSongsFile(entries: ReadonlyMap<string, SongMeta>): string {
  const sorted = [...entries].filter(([, meta]) => Object.keys(meta).length > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`;
}

/** The tags' names with the sidecar's over them; a field the sidecar sets is no longer a guess. */
export function mergeSongMeta<T extends { title: string; artists: string[]; album: string; aliases: string[]; guessed: Partial<Record<'title' | 'artists' | 'album', unknown>> }>(
  tags: T,
  meta: SongMeta | undefined,
): T {
  if (!meta) return tags;
  const guessed = { ...tags.guessed };
  if (meta.title !== undefined) delete guessed.title;
  if (meta.artists !== undefined) delete guessed.artists;
  if (meta.album !== undefined) delete guessed.album;
  return {
    ...tags,
    ...(meta.title !== undefined ? { title: meta.title } : {}),
    ...(meta.artists !== undefined ? { artists: meta.artists } : {}),
    ...(meta.album !== undefined ? { album: meta.album } : {}),
    ...(meta.aliases !== undefined ? { aliases: meta.aliases } : {}),
    guessed,
  };
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const FORBIDDEN = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
/** The longest name `sanitiseName` gives, in characters (code points). */
export const MAX_NAME_UNITS = 120;

/**
 * A file or folder name safe to create: no path separators, control or Windows-reserved characters, no leading
 * dots (hidden files are not read) and no `..`; at most 120 characters, keeping the extension. Empty when nothing is left.
 */
export function sanitiseName(name: string): string {
  const cleaned = name.normalize('NFC').replace(FORBIDDEN, '_').replace(/\s+/g, ' ').trim().replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if ([...cleaned].length <= MAX_NAME_UNITS) return cleaned;
  const extension = /\.[a-z0-9]{1,5}$/i.exec(cleaned)?.[0] ?? '';
  return [...cleaned.slice(0, cleaned.length - extension.length)].slice(0, MAX_NAME_UNITS - extension.length).join('').trim() + extension;
}

/** `name`, or `name (2)`, `name (3)`… before the extension: the first not in `taken` (compared case-insensitively). */
export function uniqueName(name: string, taken: Iterable<string>): string {
  const lower = new Set([...taken].map((item) => item.toLowerCase()));
  const dot = name.lastIndexOf('.');
  const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; lower.has(candidate.toLowerCase()); n += 1) candidate = `${base} (${n})${extension}`;
  return candidate;
}

export type AudioKind = 'mp3' | 'flac' | 'ogg' | 'm4a' | 'wav';
/** Bytes to read from a file's start to tell its format. */
export const SNIFF_BYTES = 4096;

/**
 * The audio format by the file's first bytes: an ID3v2 tag or an MPEG frame sync (MP3), `fLaC`, `OggS`, an ISO
 * `ftyp` box (M4A), `RIFF….WAVE`. Undefined for anything else, whatever its name says.
 */
export function sniffAudio(head: Uint8Array): AudioKind | undefined {
  const ascii = (start: number, text: string) => [...text].every((char, i) => head[start + i] === char.charCodeAt(0));
  if (ascii(0, 'fLaC')) return 'flac';
  if (ascii(0, 'OggS')) return 'ogg';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'wav';
  if (ascii(4, 'ftyp')) return 'm4a';
  if (ascii(0, 'ID3') && (head[3] ?? 0) >= 2 && (head[3] ?? 0) <= 4) return 'mp3';
  // An MPEG audio frame: 11 sync bits, a layer, a bitrate index that is neither free nor bad, a valid rate.
  const [b0 = 0, b1 = 0, b2 = 0] = head;
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0 && (b1 & 0x18) !== 0x08 && (b2 & 0xf0) !== 0xf0 && (b2 & 0xf0) !== 0 && (b2 & 0x0c) !== 0x0c) return 'mp3';
  return undefined;
}

/** The extension a file of `kind` is saved with, keeping the writer's own when it names the same format. */
export function audioFileName(name: string, kind: AudioKind): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const same: Record<AudioKind, string[]> = { mp3: ['mp3'], flac: ['flac'], ogg: ['ogg', 'oga', 'opus'], m4a: ['m4a', 'aac', 'mp4'], wav: ['wav'] };
  if (extension && same[kind].includes(extension)) return name;
  const base = extension ? name.slice(0, name.length - extension.length - 1) : name;
  return `${base}.${kind}`;
}
