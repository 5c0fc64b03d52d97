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
  /** Changes whenever the file's bytes change; part of every URL that serves them, so they can be cached forever. */
  version: string;
  playCount: number;
}

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

export const COVER_NAMES = ['cover.jpg', 'cover.jpeg', 'cover.png', 'cover.webp'];
export const DESCRIPTION_NAMES = ['description.txt', 'description.md'];

export function audioExtension(fileName: string): string | undefined {
  const match = /\.([a-z0-9]+)$/i.exec(fileName);
  const extension = match?.[1]?.toLowerCase();
  return extension && extension in AUDIO_TYPES ? extension : undefined;
}

/** "03 静夜思.mp3" → "静夜思": the leading number only orders files and folders. */
export function displayName(fileOrFolder: string): string {
  const base = fileOrFolder.replace(/\.[a-z0-9]+$/i, '');
  const stripped = base.replace(/^\d+\s*[-._、]?\s*/, '').trim();
  return stripped || base.trim();
}

/** Natural order ("2 …" before "10 …"), the order a blogger sees in a file manager. */
export const naturalOrder = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'base' }).compare;

/** Splits "李白/听雨小筑", "A; B" or "A、B" into artists; an empty tag gives none. */
export function splitArtists(values: readonly string[]): string[] {
  const names = values.flatMap((value) => value.split(/\s*[/;；、]\s*/)).map((name) => name.trim());
  return [...new Set(names.filter(Boolean))];
}
