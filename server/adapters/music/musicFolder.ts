import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import {
  AUDIO_TYPES,
  COVER_NAMES,
  DESCRIPTION_NAMES,
  audioExtension,
  displayName,
  naturalOrder,
  splitArtists,
} from '../../domain/music/library';
import type { LyricReader } from '../../ports/musicSource';

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
}

export interface Tags {
  title: string;
  artists: string[];
  album: string;
  aliases: string[];
  durationMs: number;
  bitrate: number;
  embeddedCover: boolean;
}

const DESCRIPTION_LIMIT = 300;
const FINGERPRINT_BYTES = 64 * 1024;

const toKey = (relative: string) => relative.split(path.sep).join('/');
const versionOf = (stat: { size: number; mtimeMs: number }) => `${stat.size}-${Math.floor(stat.mtimeMs)}`;

/**
 * The music folder on disk: each sub-folder a playlist, files at the top level a playlist of their own.
 * Paths come only from listing the folder; symbolic links and hidden entries are skipped so nothing outside
 * it is ever served.
 */
export class MusicFolder implements LyricReader {
  constructor(readonly root: string) {}

  absolute(file: string): string {
    return path.join(this.root, ...file.split('/'));
  }

  async list(): Promise<{ folders: FolderOnDisk[]; files: FileOnDisk[] }> {
    const folders: FolderOnDisk[] = [];
    const files: FileOnDisk[] = [];
    const walk = async (relative: string): Promise<void> => {
      let entries;
      try {
        entries = await fs.readdir(path.join(this.root, relative), { withFileTypes: true });
      } catch {
        return;
      }
      const names = entries.filter((entry) => !entry.name.startsWith('.')).sort((a, b) => naturalOrder(a.name, b.name));
      const audio = names.filter((entry) => entry.isFile() && audioExtension(entry.name));
      if (audio.length > 0) folders.push(await this.describeFolder(relative, names.map((entry) => entry.name)));
      for (const entry of audio) {
        const stat = await fs.stat(path.join(this.root, relative, entry.name)).catch(() => undefined);
        if (stat) files.push({ file: toKey(path.join(relative, entry.name)), folder: toKey(relative), size: stat.size, version: versionOf(stat) });
      }
      for (const entry of names) if (entry.isDirectory()) await walk(path.join(relative, entry.name));
    };
    await walk('');
    return { folders, files };
  }

  private async describeFolder(relative: string, names: string[]): Promise<FolderOnDisk> {
    const lower = new Map(names.map((name) => [name.toLowerCase(), name]));
    const coverFile = COVER_NAMES.map((name) => lower.get(name)).find(Boolean) ?? '';
    const descriptionFile = DESCRIPTION_NAMES.map((name) => lower.get(name)).find(Boolean);
    const coverStat = coverFile ? await fs.stat(path.join(this.root, relative, coverFile)).catch(() => undefined) : undefined;
    const description = descriptionFile
      ? (await fs.readFile(path.join(this.root, relative, descriptionFile), 'utf8').catch(() => '')).trim().slice(0, DESCRIPTION_LIMIT)
      : '';
    return { folder: toKey(relative), coverFile: coverStat ? coverFile : '', coverVersion: coverStat ? versionOf(coverStat) : '', description };
  }

  /** Size and a hash of the first bytes: the same file under another name has the same fingerprint. */
  async fingerprint(file: string, size: number): Promise<string> {
    const handle = await fs.open(this.absolute(file), 'r');
    try {
      const buffer = Buffer.alloc(Math.min(size, FINGERPRINT_BYTES));
      await handle.read(buffer, 0, buffer.length, 0);
      return `${size}-${createHash('sha1').update(buffer).digest('hex').slice(0, 20)}`;
    } finally {
      await handle.close();
    }
  }

  /** Tags, falling back to the file name; throws when the file is not audio the parser can read. */
  async readTags(file: string): Promise<Tags> {
    const metadata = await parseFile(this.absolute(file), { duration: true });
    const { common, format } = metadata;
    const durationMs = Math.round((format.duration ?? 0) * 1000);
    if (!format.container || durationMs <= 0) throw new Error('not a playable audio file');
    const baseName = path.posix.basename(file);
    return {
      title: common.title?.trim() || displayName(baseName),
      artists: splitArtists(common.artists ?? (common.artist ? [common.artist] : [])),
      album: common.album?.trim() || displayName(path.posix.basename(path.posix.dirname(file)) || ''),
      aliases: (common.subtitle ?? []).map((alias) => alias.trim()).filter(Boolean),
      durationMs,
      bitrate: Math.round(format.bitrate ?? 0),
      embeddedCover: (common.picture ?? []).length > 0,
    };
  }

  async embeddedPicture(file: string): Promise<Uint8Array | undefined> {
    const metadata = await parseFile(this.absolute(file), { skipPostHeaders: true });
    return metadata.common.picture?.[0]?.data;
  }

  async read(file: string) {
    const base = this.absolute(file).replace(/\.[^.]+$/, '');
    const [lrc, translation, yrc] = await Promise.all(
      ['.lrc', '.t.lrc', '.yrc'].map((suffix) => fs.readFile(base + suffix, 'utf8').catch(() => undefined)),
    );
    return { ...(lrc !== undefined && { lrc }), ...(translation !== undefined && { translation }), ...(yrc !== undefined && { yrc }) };
  }
}

export function mimeOf(file: string): string {
  return AUDIO_TYPES[audioExtension(file) ?? ''] ?? 'application/octet-stream';
}
