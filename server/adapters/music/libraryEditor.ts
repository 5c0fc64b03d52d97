import crypto from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import * as zhCN from '../../../src/i18n/zh-CN';
import { MUSIC_UPLOAD_MAX_BYTES } from '../../../src/protocol/console/music';
import { AppError } from '../../domain/errors';
import type { MusicCatalogue } from '../../domain/music/catalogue';
import {
  ORDER_FILE,
  SNIFF_BYTES,
  SONG_COVER_EXTENSION,
  SONGS_FILE,
  audioFileName,
  parseOrderFile,
  parseSongsFile,
  printOrderFile,
  printSongsFile,
  sanitiseName,
  sniffAudio,
  uniqueName,
  type SongMeta,
} from '../../domain/music/folderEdits';
import { COVER_NAMES, DESCRIPTION_NAMES, type Playlist, type Track } from '../../domain/music/library';
import type { MusicUrls } from '../../domain/music/localMusicSource';
import type { IncomingFile, MusicLibraryEditor, SongLyricTexts } from '../../ports/musicLibraryEditor';
import type { LocalLibrary } from './localLibrary';
import { decodeText } from './textEncoding';

const text = zhCN.consoleMusic.server;
const LYRIC_SUFFIXES: Record<keyof SongLyricTexts, string> = { lrc: '.lrc', translation: '.t.lrc', yrc: '.yrc' };
const COVER_SIDE = 1200;

const baseOf = (name: string) => name.replace(/\.[^.]+$/, '');
const parentOf = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '');
const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** A song file's sidecars present in its folder: lyrics and its own cover, whatever the case of their names. */
function sidecarsOf(audioName: string, names: readonly string[]): string[] {
  const base = baseOf(audioName).toLowerCase();
  const wanted = new Set([...Object.values(LYRIC_SUFFIXES), SONG_COVER_EXTENSION].map((suffix) => `${base}${suffix}`));
  return names.filter((name) => wanted.has(name.toLowerCase()));
}

/** The sidecar's new name when its song is called `newBase`: the part after the song's base stays. */
const renamedSidecar = (sidecar: string, oldBase: string, newBase: string) => `${newBase}${sidecar.slice(oldBase.length)}`;

async function toJpeg(image: Buffer, side: number): Promise<Buffer> {
  const { reencodeImage } = await import('../http/routes/upload');
  // Decided by its bytes and stripped of metadata as every upload is, then made the JPEG the folder keeps.
  const clean = await reencodeImage(image);
  const { default: sharp } = await import('sharp');
  return sharp(clean).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88 }).toBuffer();
}

/** The local music folder changed by the console; see the port for the promises kept. */
export class LibraryEditor implements MusicLibraryEditor {
  readonly urls: MusicUrls;

  constructor(
    private readonly library: LocalLibrary,
    private readonly maxUploadBytes = MUSIC_UPLOAD_MAX_BYTES,
  ) {
    this.urls = library.urls;
  }

  catalogue(): MusicCatalogue {
    return this.library.catalogue();
  }

  private get repository() {
    return this.library.repository;
  }

  private get files() {
    return this.library.folder.files;
  }

  private async names(folder: string): Promise<string[]> {
    return (await this.files.entries(folder)).map((entry) => entry.name);
  }

  private async readText(key: string): Promise<string | undefined> {
    const bytes = await this.files.read(key).catch(() => undefined);
    return bytes && decodeText(bytes);
  }

  private write(key: string, content: string | Buffer): Promise<void> {
    return this.files.write(key, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  }

  private remove(key: string): Promise<void> {
    return this.files.remove(key);
  }

  /** The folder's order file as it would list its entries now (listed names first, then the rest as they sort). */
  private async updateOrder(folder: string, change: (names: string[]) => string[]): Promise<void> {
    const listed = parseOrderFile((await this.readText(join(folder, ORDER_FILE))) ?? '');
    await this.write(join(folder, ORDER_FILE), printOrderFile(change(listed)));
  }

  private async updateSongs(folder: string, change: (entries: Map<string, SongMeta>) => void): Promise<void> {
    const entries = parseSongsFile((await this.readText(join(folder, SONGS_FILE))) ?? '');
    change(entries);
    if (entries.size === 0) await this.remove(join(folder, SONGS_FILE));
    else await this.write(join(folder, SONGS_FILE), printSongsFile(entries));
  }

  private change<T>(edit: () => Promise<T>): Promise<T> {
    return this.library.scanner.change(edit);
  }

  async createPlaylist(name: string, description: string): Promise<number> {
    const safe = sanitiseName(name);
    if (!safe) throw new AppError('invalid', text.badName);
    return this.change(async () => {
      const folder = uniqueName(safe, await this.names(''));
      await this.files.makeFolder(folder);
      // The order file makes the empty folder a playlist (see MusicFolder.list).
      await this.write(join(folder, ORDER_FILE), '');
      if (description) await this.write(join(folder, 'description.txt'), `${description}\n`);
      const order = this.topLevelFolders();
      await this.write(ORDER_FILE, printOrderFile([...order, folder]));
      return folder;
    }).then(async (folder) => {
      const row = await this.repository.playlistOf(folder);
      if (!row) throw new Error(`playlist folder ${folder} was not catalogued`);
      return row.id;
    });
  }

  /** Top-level playlist folders as now ordered. */
  private topLevelFolders(): string[] {
    return this.catalogue()
      .folders.map((playlist) => playlist.folder)
      .filter((folder) => folder !== '' && !folder.includes('/'));
  }

  async renamePlaylist(playlist: Playlist, name: string): Promise<void> {
    const safe = sanitiseName(name);
    if (!safe) throw new AppError('invalid', text.badName);
    await this.change(async () => {
      const parent = parentOf(playlist.folder);
      const old = nameOf(playlist.folder);
      // The number in front only orders folders: it stays, so the playlist keeps its place without an order file.
      const prefix = /^\d+\s*[-._、．－—–]?\s*/u.exec(old)?.[0] ?? '';
      const siblings = (await this.names(parent)).filter((entry) => entry !== old);
      const renamed = uniqueName(`${prefix}${safe}`, siblings);
      const target = join(parent, renamed);
      await this.files.rename(playlist.folder, target);
      await this.repository.renameFolder(playlist.folder, target);
      await this.updateOrder(parent, (names) => (names.includes(old) ? names.map((entry) => (entry === old ? renamed : entry)) : names));
    });
  }

  async describePlaylist(playlist: Playlist, description: string): Promise<void> {
    await this.change(async () => {
      const names = await this.names(playlist.folder);
      // Another description file would be read first: the console's text replaces it.
      for (const other of names.filter((entry) => DESCRIPTION_NAMES.includes(entry.toLowerCase())))
        await this.remove(join(playlist.folder, other));
      if (description) await this.write(join(playlist.folder, 'description.txt'), `${description}\n`);
    });
  }

  async orderPlaylists(playlists: readonly Playlist[]): Promise<void> {
    await this.change(() => this.write(ORDER_FILE, printOrderFile(playlists.map((playlist) => playlist.folder))));
  }

  async deletePlaylist(playlist: Playlist): Promise<void> {
    await this.change(async () => {
      const names = await this.names(playlist.folder);
      const own = new Set([ORDER_FILE, SONGS_FILE, ...COVER_NAMES, ...DESCRIPTION_NAMES]);
      if (names.some((entry) => !entry.startsWith('.') && !own.has(entry.toLowerCase()))) throw new AppError('conflict', text.folderNotEmpty);
      await this.files.removeFolder(playlist.folder);
      const old = nameOf(playlist.folder);
      await this.updateOrder(parentOf(playlist.folder), (entries) => entries.filter((entry) => entry !== old));
    });
  }

  async setPlaylistCover(playlist: Playlist, image: Buffer): Promise<void> {
    const jpeg = await toJpeg(image, COVER_SIDE);
    await this.change(async () => {
      // cover.jpg is read first of the cover names; the others would only confuse a reader of the folder.
      for (const other of (await this.names(playlist.folder)).filter((entry) => COVER_NAMES.includes(entry.toLowerCase()) && entry !== 'cover.jpg'))
        await this.remove(join(playlist.folder, other));
      await this.write(join(playlist.folder, 'cover.jpg'), jpeg);
    });
  }

  async orderSongs(playlist: Playlist, songs: readonly Track[]): Promise<void> {
    await this.change(() => this.write(join(playlist.folder, ORDER_FILE), printOrderFile(songs.map((song) => nameOf(song.file)))));
  }

  async addSong(playlist: Playlist, file: IncomingFile): Promise<number> {
    const folder = playlist.folder;
    const temporary = join(folder, `.upload-${crypto.randomUUID()}.tmp`);
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    // The upload streams into a hidden name of the library (skipped by every listing), checked as it comes.
    const body = new PassThrough();
    const stored = this.files.write(temporary, body);
    try {
      try {
        for await (const chunk of file.chunks) {
          size += chunk.length;
          if (size > this.maxUploadBytes) throw new AppError('payloadTooLarge', text.uploadTooLarge(this.maxUploadBytes / 1024 / 1024));
          if (headBytes < SNIFF_BYTES) {
            head.push(Buffer.from(chunk));
            headBytes += chunk.length;
          }
          if (!body.write(chunk)) await Promise.race([once(body, 'drain'), stored]);
        }
        body.end();
        await stored;
      } catch (error) {
        body.destroy(error instanceof Error ? error : new Error(String(error)));
        await stored.catch(() => undefined);
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('payloadTooLarge', text.uploadTooLarge(this.maxUploadBytes / 1024 / 1024));
        throw error;
      }
      if (file.truncated()) throw new AppError('payloadTooLarge', text.uploadTooLarge(this.maxUploadBytes / 1024 / 1024));
      const kind = sniffAudio(Buffer.concat(head));
      if (!kind) throw new AppError('unsupportedMediaType', text.notAudio);
      const wanted = audioFileName(sanitiseName(file.name) || 'song', kind);
      const key = await this.change(async () => {
        const names = await this.names(folder);
        const name = uniqueName(baseOf(wanted) ? wanted : `song${wanted}`, names);
        await this.files.rename(temporary, join(folder, name));
        if (names.includes(ORDER_FILE)) await this.updateOrder(folder, (entries) => [...entries, name]);
        return join(folder, name);
      });
      const song = this.catalogue()
        .tracksOf(playlist.id)
        .find((track) => track.file === key);
      if (!song) {
        // Audio by its first bytes, yet no parser reads it: nothing of it stays.
        await this.change(() => this.remove(key));
        throw new AppError('unsupportedMediaType', text.unreadableAudio);
      }
      return song.id;
    } finally {
      await this.remove(temporary);
    }
  }

  async editSong(song: Track, meta: SongMeta): Promise<void> {
    await this.change(() => this.updateSongs(parentOf(song.file), (entries) => void entries.set(nameOf(song.file), meta)));
  }

  async moveSong(song: Track, to: Playlist): Promise<void> {
    await this.change(async () => {
      const from = parentOf(song.file);
      const oldName = nameOf(song.file);
      const oldBase = baseOf(oldName);
      const here = await this.names(from);
      const there = await this.names(to.folder);
      const newName = uniqueName(oldName, there);
      const newBase = baseOf(newName);
      await this.files.rename(song.file, join(to.folder, newName));
      for (const sidecar of sidecarsOf(oldName, here)) {
        const target = join(to.folder, renamedSidecar(sidecar, oldBase, newBase));
        await this.remove(target);
        await this.files.rename(join(from, sidecar), target);
      }
      await this.repository.renameSong(song.id, join(to.folder, newName));
      let meta: SongMeta | undefined;
      await this.updateSongs(from, (entries) => {
        meta = entries.get(oldName);
        entries.delete(oldName);
      });
      if (meta) {
        const moved = meta;
        await this.updateSongs(to.folder, (entries) => void entries.set(newName, moved));
      }
      if (here.includes(ORDER_FILE)) await this.updateOrder(from, (entries) => entries.filter((entry) => entry !== oldName));
      if (there.includes(ORDER_FILE)) await this.updateOrder(to.folder, (entries) => [...entries, newName]);
    });
  }

  async deleteSong(song: Track): Promise<void> {
    await this.change(async () => {
      const folder = parentOf(song.file);
      const name = nameOf(song.file);
      const names = await this.names(folder);
      for (const sidecar of sidecarsOf(name, names)) await this.remove(join(folder, sidecar));
      await this.remove(song.file);
      if (names.includes(SONGS_FILE)) await this.updateSongs(folder, (entries) => void entries.delete(name));
      if (names.includes(ORDER_FILE)) await this.updateOrder(folder, (entries) => entries.filter((entry) => entry !== name));
    });
  }

  async setSongCover(song: Track, image: Buffer): Promise<void> {
    const jpeg = await toJpeg(image, COVER_SIDE);
    await this.change(async () => {
      const folder = parentOf(song.file);
      const wanted = `${baseOf(nameOf(song.file))}${SONG_COVER_EXTENSION}`;
      // One cover per song, whatever the case of the name found.
      for (const other of (await this.names(folder)).filter((entry) => entry.toLowerCase() === wanted.toLowerCase() && entry !== wanted))
        await this.remove(join(folder, other));
      await this.write(join(folder, wanted), jpeg);
    });
  }

  async lyrics(song: Track): Promise<SongLyricTexts> {
    const found = await this.library.folder.read(song.file);
    return { lrc: found.lrc ?? '', translation: found.translation ?? '', yrc: found.yrc ?? '' };
  }

  async hasLyric(song: Track): Promise<boolean> {
    const folder = parentOf(song.file);
    const names = await this.names(folder);
    const lyricNames = sidecarsOf(nameOf(song.file), names).filter((name) => !name.toLowerCase().endsWith(SONG_COVER_EXTENSION));
    return lyricNames.length > 0;
  }

  async writeLyrics(song: Track, lyrics: SongLyricTexts): Promise<void> {
    await this.change(async () => {
      const folder = parentOf(song.file);
      const base = baseOf(nameOf(song.file));
      const names = await this.names(folder);
      for (const [kind, suffix] of Object.entries(LYRIC_SUFFIXES) as [keyof SongLyricTexts, string][]) {
        const wanted = `${base}${suffix}`;
        // A sidecar of another case (.LRC) would be read instead of the one written: it goes.
        for (const other of names.filter((entry) => entry.toLowerCase() === wanted.toLowerCase() && entry !== wanted))
          await this.remove(join(folder, other));
        if (lyrics[kind]) await this.write(join(folder, wanted), lyrics[kind].endsWith('\n') ? lyrics[kind] : `${lyrics[kind]}\n`);
        else await this.remove(join(folder, wanted));
      }
    });
  }
}
