import { createHash } from 'node:crypto';
import path from 'node:path';
import { TimestampFormat, type IAudioMetadata, type ILyricsTag } from 'music-metadata';
import {
  AUDIO_TYPES,
  COVER_NAMES,
  DESCRIPTION_NAMES,
  audioExtension,
  naturalOrder,
  unplayableFormat,
  type GuessedNames,
} from '../../domain/music/library';
import { ORDER_FILE, SONG_COVER_EXTENSION, SONGS_FILE, applyOrder, parseOrderFile, parseSongsFile, type SongMeta } from '../../domain/music/folderEdits';
import { lyricTags, preferTimed, syncedLyricsToLrc } from '../../domain/music/lyrics';
import { repairMojibake } from '../../domain/music/mojibake';
import { nameTrack } from '../../domain/music/names';
import type { LyricReader } from '../../ports/musicSource';
import { readApeText } from './apeTag';
import type { LibraryFiles } from './libraryFiles';
import { decodeText } from './textEncoding';

/** A playlist folder as found on disk. */
export interface FolderOnDisk {
  folder: string;
  coverFile: string;
  coverVersion: string;
  description: string;
}

export interface FileOnDisk {
  /** '/'-separated path inside the music folder. */
  file: string;
  folder: string;
  size: number;
  version: string;
  /** Audio files only: the lyric file beside it ('/'-separated path) and that file's version. */
  lyric?: { file: string; version: string };
  /** Audio files only: the names set in the folder's songs.json, which win over the tags. */
  meta?: SongMeta;
  /** Audio files only: its own cover beside it (a name in the same folder). */
  coverFile?: string;
  /** Audio files only: changes with `meta` and the cover's bytes; '' when it has neither. */
  metaVersion?: string;
}

/** An audio file no browser plays, and its format's name. */
export interface UnplayableFile {
  file: string;
  format: string;
}

export interface Tags {
  title: string;
  artists: string[];
  album: string;
  aliases: string[];
  durationMs: number;
  bitrate: number;
  embeddedCover: boolean;
  guessed: GuessedNames;
}

const DESCRIPTION_LIMIT = 300;
const FINGERPRINT_BYTES = 64 * 1024;

/** A key inside the library: '/'-separated, '' for the top. */
const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
const versionOf = (stat: { size: number; mtimeMs: number }) => `${stat.size}-${Math.floor(stat.mtimeMs)}`;
const withoutExtension = (name: string) => name.replace(/\.[^.]+$/, '');

const SIDECARS = { lrc: '.lrc', translation: '.t.lrc', yrc: '.yrc' } as const;
type Lyrics = Partial<Record<keyof typeof SIDECARS, string>>;

/** The lyric files of `base` (a name without extension) in a folder, matched whatever the case (`.LRC`, `.Lrc`). */
function sidecarsOf(base: string, lowerNames: ReadonlyMap<string, string>): Lyrics {
  const found: Lyrics = {};
  for (const [kind, suffix] of Object.entries(SIDECARS) as [keyof typeof SIDECARS, string][]) {
    const name = lowerNames.get(`${base}${suffix}`.toLowerCase());
    if (name !== undefined) found[kind] = name;
  }
  return found;
}

const lowerCaseIndex = (names: readonly string[]) => new Map(names.map((name) => [name.toLowerCase(), name]));

const TEXT_LYRICS = new Set(['USLT', 'ULT', 'LYRICS', 'UNSYNCEDLYRICS', '©LYR']);
const SYNCED_LYRICS = new Set(['SYLT', 'SLT']);

/**
 * Lyrics kept inside the audio file: ID3 USLT and SYLT (as LRC), Vorbis LYRICS / UNSYNCEDLYRICS, MP4 ©lyr, APEv2
 * Lyrics. Read from the native tags, since the parser's own summary re-parses LRC text and drops its header and
 * word times.
 */
function embeddedLyric(metadata: IAudioMetadata): string | undefined {
  const found: string[] = [];
  for (const { id, value } of Object.values(metadata.native).flat()) {
    const key = id.toUpperCase();
    if (TEXT_LYRICS.has(key)) {
      const text = typeof value === 'string' ? value : (value as { text?: unknown } | null)?.text;
      if (typeof text === 'string' && text.trim()) found.push(text);
    } else if (SYNCED_LYRICS.has(key)) {
      const synced = value as ILyricsTag;
      if (synced.timeStampFormat === TimestampFormat.milliseconds && synced.syncText.length > 0) found.push(syncedLyricsToLrc(synced.syncText));
    }
  }
  return preferTimed(found.map(repairMojibake));
}

/**
 * The music library (a folder on disk or a bucket's prefix): each sub-folder a playlist, files at the top level
 * a playlist of their own. Keys come only from listing it; symbolic links and hidden entries are skipped so
 * nothing outside it is ever served.
 */
export class MusicFolder implements LyricReader {
  constructor(readonly files: LibraryFiles) {}

  private readText(key: string): Promise<string> {
    return this.files.read(key).then(decodeText, () => decodeText(new Uint8Array()));
  }

  /** Folders with audio, their audio files, the CUE sheets beside them, and the audio files no browser plays. */
  async list(): Promise<{ folders: FolderOnDisk[]; files: FileOnDisk[]; sheets: FileOnDisk[]; unplayable: UnplayableFile[] }> {
    const unplayable: UnplayableFile[] = [];
    const folders: FolderOnDisk[] = [];
    const files: FileOnDisk[] = [];
    const sheets: FileOnDisk[] = [];
    const walk = async (relative: string): Promise<void> => {
      const visible = await this.files.entries(relative);
      const has = (name: string) => visible.some((entry) => entry.isFile && entry.name === name);
      const order = has(ORDER_FILE) ? parseOrderFile(await this.readText(join(relative, ORDER_FILE))) : [];
      const byName = new Map(visible.map((entry) => [entry.name, entry]));
      const names = applyOrder([...byName.keys()], order, naturalOrder).map((name) => byName.get(name)!);
      const audio = names.filter((entry) => entry.isFile && audioExtension(entry.name));
      for (const entry of names) {
        const format = entry.isFile ? unplayableFormat(entry.name) : undefined;
        if (format) unplayable.push({ file: join(relative, entry.name), format });
      }
      const firstFile = files.length;
      // A folder the console created has an order file before it has songs: it is a playlist already.
      if (audio.length > 0 || (relative !== '' && has(ORDER_FILE))) folders.push(await this.describeFolder(relative, names.map((entry) => entry.name)));
      const cue = audio.length > 0 ? names.filter((entry) => entry.isFile && /\.cue$/i.test(entry.name)) : [];
      for (const [entries, list] of [[audio, files], [cue, sheets]] as const) {
        for (const entry of entries) {
          const stat = await this.files.stat(join(relative, entry.name));
          if (stat) list.push({ file: join(relative, entry.name), folder: relative, size: stat.size, version: versionOf(stat) });
        }
      }
      const lowerNames = lowerCaseIndex(names.map((entry) => entry.name));
      for (const found of files.slice(firstFile)) {
        const lrc = sidecarsOf(withoutExtension(path.posix.basename(found.file)), lowerNames).lrc;
        const stat = lrc === undefined ? undefined : await this.files.stat(join(relative, lrc));
        if (lrc !== undefined && stat) found.lyric = { file: join(relative, lrc), version: versionOf(stat) };
      }
      const songs = has(SONGS_FILE) ? parseSongsFile(await this.readText(join(relative, SONGS_FILE))) : new Map<string, SongMeta>();
      for (const found of files.slice(firstFile)) {
        const name = path.posix.basename(found.file);
        const coverName = lowerNames.get(`${withoutExtension(name)}${SONG_COVER_EXTENSION}`.toLowerCase());
        const coverStat = coverName === undefined ? undefined : await this.files.stat(join(relative, coverName));
        const meta = songs.get(name);
        if (meta) found.meta = meta;
        if (coverName !== undefined && coverStat) found.coverFile = coverName;
        found.metaVersion =
          meta || coverStat
            ? createHash('sha1').update(`${JSON.stringify(meta ?? {})}|${coverStat ? versionOf(coverStat) : ''}`).digest('hex').slice(0, 12)
            : '';
      }
      for (const entry of names) if (entry.isDirectory) await walk(join(relative, entry.name));
    };
    await walk('');
    return { folders, files, sheets, unplayable };
  }

  private async describeFolder(relative: string, names: string[]): Promise<FolderOnDisk> {
    const lower = lowerCaseIndex(names);
    const coverFile = COVER_NAMES.map((name) => lower.get(name)).find(Boolean) ?? '';
    const descriptionFile = DESCRIPTION_NAMES.map((name) => lower.get(name)).find(Boolean);
    const coverStat = coverFile ? await this.files.stat(join(relative, coverFile)) : undefined;
    const description = descriptionFile ? (await this.readText(join(relative, descriptionFile))).trim().slice(0, DESCRIPTION_LIMIT) : '';
    return { folder: relative, coverFile: coverStat ? coverFile : '', coverVersion: coverStat ? versionOf(coverStat) : '', description };
  }

  /** Size and a hash of the first bytes: the same file under another name has the same fingerprint. */
  async fingerprint(file: string, size: number): Promise<string> {
    const head = await (await this.files.randomAccess(file)).read(0, Math.min(size, FINGERPRINT_BYTES));
    return `${size}-${createHash('sha1').update(head).digest('hex').slice(0, 20)}`;
  }

  /**
   * Tags, with GBK/Big5 read as Latin-1 repaired (whatever the container: converters carried such text into
   * UTF-8 and UTF-16 tags too); what they lack comes from the header of `lyricFile` (the listed lyric file beside
   * it) or of the embedded lyrics, then the file and folder names. Throws when the file is not audio the parser
   * can read.
   */
  async readTags(file: string, lyricFile?: string): Promise<Tags> {
    const metadata = await this.files.metadata(file, { duration: true });
    const { common, format } = metadata;
    const durationMs = Math.round((format.duration ?? 0) * 1000);
    if (!format.container || durationMs <= 0) throw new Error('not a playable audio file');
    let { title, album } = common;
    let artists = common.artists ?? (common.artist ? [common.artist] : []);
    if (format.tagTypes.includes('APEv2') && [title, album, ...artists].some((text) => text?.includes('\uFFFD'))) {
      const ape = await readApeText(await this.files.randomAccess(file));
      title = ape.get('title')?.[0] ?? title;
      album = ape.get('album')?.[0] ?? album;
      artists = ape.get('artist') ?? artists;
    }
    const tagged = { title: title && repairMojibake(title), artists: artists.map(repairMojibake), album: album && repairMojibake(album) };
    const complete = tagged.title?.trim() && tagged.album?.trim() && tagged.artists.some((name) => name.trim());
    const sidecar = complete || lyricFile === undefined ? undefined : await this.files.read(lyricFile).catch(() => undefined);
    const lyric = complete ? undefined : sidecar ? decodeText(sidecar) : embeddedLyric(metadata);
    return {
      ...nameTrack(file, tagged, lyric === undefined ? {} : lyricTags(lyric)),
      aliases: (common.subtitle ?? []).map((alias) => repairMojibake(alias).trim()).filter(Boolean),
      durationMs,
      bitrate: Math.round(format.bitrate ?? 0),
      embeddedCover: (common.picture ?? []).length > 0,
    };
  }

  async embeddedPicture(file: string): Promise<Uint8Array | undefined> {
    const metadata = await this.files.metadata(file, { skipPostHeaders: true });
    return metadata.common.picture?.[0]?.data;
  }

  /** A CUE sheet's text, in whatever encoding it was saved. */
  async readSheet(file: string): Promise<string> {
    return decodeText(await this.files.read(file));
  }

  /**
   * The lyric files beside the song; without one, the lyrics embedded in a whole-file song. Read on demand rather
   * than stored by the scan: `/lyric` is asked once per song played and a header parse takes milliseconds, while
   * stored lyrics would sit in the catalogue rows the server loads for every song.
   */
  async read(file: string, sidecar?: string): Promise<Lyrics> {
    const files = await this.sidecarLyrics(file, sidecar);
    if (files.lrc !== undefined || files.yrc !== undefined || sidecar !== undefined) return files;
    const metadata = await this.files.metadata(file, { skipCovers: true }).catch(() => undefined);
    const lrc = metadata && embeddedLyric(metadata);
    return lrc === undefined ? files : { ...files, lrc };
  }

  /**
   * The lyric files named like the song (or `sidecar`, a name without extension), in whatever encoding they were
   * saved. Only names listed in the song's folder are opened, so no name given here can reach another folder.
   */
  private async sidecarLyrics(file: string, sidecar?: string): Promise<Lyrics> {
    const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    const names = (await this.files.entries(folder)).map((entry) => entry.name);
    const found = sidecarsOf(sidecar ?? withoutExtension(path.posix.basename(file)), lowerCaseIndex(names));
    const lyrics: Lyrics = {};
    for (const [kind, name] of Object.entries(found) as [keyof Lyrics, string][]) {
      const bytes = await this.files.read(join(folder, name)).catch(() => undefined);
      if (bytes) lyrics[kind] = decodeText(bytes);
    }
    return lyrics;
  }
}

export function mimeOf(file: string): string {
  return AUDIO_TYPES[audioExtension(file) ?? ''] ?? 'application/octet-stream';
}
