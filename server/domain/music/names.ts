import { displayName, splitArtists, type GuessedNames, type NameField, type NameSource } from './library';

export interface TagNames {
  title?: string | undefined;
  artists: readonly string[];
  album?: string | undefined;
}

export interface LyricNames {
  title?: string;
  artist?: string;
  album?: string;
}

/** "歌手 - 歌名": a dash between spaces, or a full-width, em or en dash with or without them. */
const ARTIST_TITLE = /^(.+?)(?:\s*[－—–]\s*|\s+-\s+)(.+)$/u;

/**
 * Title and artists from the usual file-name shapes: `歌手 - 歌名`, `01. 歌名`, `01 歌名`, `01 - 歌手 - 歌名`
 * (full-width dashes and spaces too). The ordering number goes as `displayName` drops it.
 */
export function guessFromFileName(fileName: string): { title: string; artists: string[] } {
  const name = displayName(fileName);
  const match = ARTIST_TITLE.exec(name);
  const artists = match ? splitArtists([match[1] ?? '']) : [];
  return artists.length > 0 && match?.[2]?.trim() ? { title: match[2].trim(), artists } : { title: name, artists: [] };
}

/**
 * A track's title, artists and album: the tags first, then the lyric file's header, then the file name (title,
 * artists) and the folder name (album). `file` is the '/'-separated path inside the music folder.
 */
export function nameTrack(file: string, tags: TagNames, lyric: LyricNames = {}) {
  const parts = file.split('/');
  const fromPath = guessFromFileName(parts.at(-1) ?? file);
  const folder = parts.at(-2);
  const guessed: GuessedNames = {};
  const pick = <T>(field: NameField, tagged: T | undefined, fromLyric: T | undefined, fallback: T, fallbackSource: NameSource): T => {
    if (tagged !== undefined) return tagged;
    guessed[field] = fromLyric !== undefined ? 'lyric' : fallbackSource;
    return fromLyric ?? fallback;
  };
  const nonEmpty = (text: string | undefined) => text?.trim() || undefined;
  const someArtists = (names: string[]) => (names.length > 0 ? names : undefined);
  const title = pick('title', nonEmpty(tags.title), nonEmpty(lyric.title), fromPath.title, 'path');
  const artists = pick(
    'artists',
    someArtists(splitArtists(tags.artists)),
    someArtists(splitArtists([lyric.artist ?? ''])),
    fromPath.artists,
    fromPath.artists.length > 0 ? 'path' : 'none',
  );
  const album = pick('album', nonEmpty(tags.album), nonEmpty(lyric.album), folder === undefined ? '' : displayName(folder), folder === undefined ? 'none' : 'path');
  return { title, artists, album, guessed };
}
