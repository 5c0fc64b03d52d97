/** The music library as the domain sees it: playlists (folders) and tracks (audio files), with stable ids. */
export interface Track {
  id: number;
  /** Path inside the music folder, '/'-separated. Never taken from a request. */
  file: string;
  playlistId: number;
  position: number;
  title: string;
  artists: string[];
  album: string;
  aliases: string[];
  durationMs: number;
  bitrate: number;
  size: number;
  mime: string;
  embeddedCover: boolean;
  /** Names the tags did not give, and where they came from instead. */
  guessed: GuessedNames;
  /** Changes whenever the file's bytes (or a CUE track's sheet) change; part of every URL that serves them, so they can be cached forever. */
  version: string;
  playCount: number;
  /** Set when the song is one track of a CUE sheet over `file`: it plays only this span of the file. */
  cue?: CueSpan | undefined;
  /** The song's own cover beside it (`<song base>.jpg`, written by the console), preferred to the embedded one. */
  coverFile?: string | undefined;
  /** Changes with the song's edited names and its own cover (see folderEdits.ts). */
  metaVersion?: string | undefined;
}

/**
 * A CUE track's number and its span of the audio file, in ms from the file's start; `endMs` null means to the
 * end of the file (the last track). Stored in ms rather than CD frames since that is what the player counts in.
 */
export interface CueSpan {
  number: number;
  startMs: number;
  endMs: number | null;
}

/** What identifies a song across rescans: its file, and for a CUE track the track number too. */
export function songKey(track: Pick<Track, 'file' | 'cue'>): string {
  return track.cue ? `${track.file}#${track.cue.number}` : track.file;
}

export type NameField = 'title' | 'artists' | 'album';

/**
 * Where a name came from when the audio's own tags lacked it: the lyric file's `[ti:]`/`[ar:]`/`[al:]`, the file
 * or folder name, or nowhere (no artist known). A song with such a field is named again when its lyric file
 * changes, and a tag added later always wins, since tags are read first.
 */
export type NameSource = 'lyric' | 'path' | 'none';
export type GuessedNames = Partial<Record<NameField, NameSource>>;

export interface Playlist {
  id: number;
  /** Folder inside the music folder; '' is the top level. */
  folder: string;
  name: string;
  description: string;
  /** Cover image inside the folder, '' when none. */
  coverFile: string;
  /** Changes with the cover file's bytes. */
  coverVersion: string;
  position: number;
  updatedAt: string;
}

/** Audio file extensions the library reads, with the MIME type it serves them as. */
export const AUDIO_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
};

/**
 * Formats common in Chinese lossless and older collections that no browser plays: listed as skipped by a scan,
 * with the format named, rather than silently left out.
 */
export const UNPLAYABLE_FORMATS: Readonly<Record<string, string>> = {
  ape: "Monkey's Audio (APE)",
  wma: 'Windows Media Audio (WMA)',
  dsf: 'DSD (DSF)',
  dff: 'DSD (DFF)',
  tak: 'TAK',
  wv: 'WavPack',
};

export const COVER_NAMES = ['cover.jpg', 'cover.jpeg', 'cover.png', 'cover.webp'];
export const DESCRIPTION_NAMES = ['description.txt', 'description.md'];

const extensionOf = (fileName: string) => /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();

export function audioExtension(fileName: string): string | undefined {
  const extension = extensionOf(fileName);
  return extension && extension in AUDIO_TYPES ? extension : undefined;
}

/** The name of the format when the file is audio a browser cannot play. */
export function unplayableFormat(fileName: string): string | undefined {
  const extension = extensionOf(fileName);
  return extension ? UNPLAYABLE_FORMATS[extension] : undefined;
}

/** "03 静夜思.mp3", "03．静夜思", "03－静夜思" → "静夜思": the leading number only orders files and folders. */
export function displayName(fileOrFolder: string): string {
  const base = fileOrFolder.replace(/\.[a-z0-9]+$/i, '');
  const stripped = base.replace(/^\d+\s*[-._、．－—–]?\s*/u, '').trim();
  return stripped || base.trim();
}

/** Natural order ("2 …" before "10 …"), the order a blogger sees in a file manager. */
export const naturalOrder = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' }).compare;

/** Splits "李白/听雨小筑", "A; B" or "A、B" into artists; an empty tag gives none. */
export function splitArtists(values: readonly string[]): string[] {
  const names = values.flatMap((value) => value.split(/\s*[/;；、]\s*/)).map((name) => name.trim());
  return [...new Set(names.filter(Boolean))];
}
