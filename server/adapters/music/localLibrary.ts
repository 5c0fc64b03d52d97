import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { MusicCatalogue } from '../../domain/music/catalogue';
import { AppError } from '../../domain/errors';
import { LocalMusicSource, type MusicUrls } from '../../domain/music/localMusicSource';
import type { Clock } from '../../ports/clock';
import { KyselyMusicRepository } from '../db/musicRepository';
import type { Database } from '../db/schema';
import { CoverCache, coverSize, generatedCover } from './coverImages';
import { LibraryScanner, type ScanProgress, type ScanReport } from './libraryScanner';
import { FolderLibraryFiles, type LibraryFiles } from './libraryFiles';
import { MusicFolder } from './musicFolder';
import { romanise } from './pinyin';

const text = zhCN.musicServer;
const DEMO_MARKER = 'demo-music';
/** Changes in the folder are gathered for this long before one rescan. */
const RESCAN_DELAY_MS = 800;

const tagOf = (...parts: string[]) => createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 12);

export interface LocalLibraryOptions {
  db: Kysely<Database>;
  /** The music folder on disk (MUSIC_DIR), or the library in a bucket. */
  files: LibraryFiles;
  /** Resized covers are kept here. */
  cacheDir: string;
  clock: Clock;
  /** Copied into an empty library on the first start. */
  demoDir?: string | undefined;
  /**
   * This process copies the demo album, scans at start and watches the folder (default true); a cluster's
   * other workers only load the stored catalogue and reload it when told the leader's scan changed it.
   */
  scans?: boolean;
  log?: (line: string) => void;
}

/**
 * The blogger's own music library as a music source: the catalogue in the database, the files on disk or in a
 * bucket, covers resized on demand, and (on disk) a watcher that rescans when files are added, changed or
 * removed. In a bucket nothing is watched: the console's edits rescan, and so do its button and `music:scan`.
 */
export class LocalLibrary {
  readonly folder: MusicFolder;
  readonly scanner: LibraryScanner;
  readonly source: LocalMusicSource;
  readonly urls: MusicUrls;
  readonly repository: KyselyMusicRepository;
  private readonly covers: CoverCache;
  private watcher: fs.FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private initial: Promise<void> = Promise.resolve();

  constructor(private readonly options: LocalLibraryOptions) {
    this.folder = new MusicFolder(options.files);
    this.repository = new KyselyMusicRepository(options.db);
    this.scanner = new LibraryScanner(this.folder, this.repository, romanise, options.clock, options.log);
    this.covers = new CoverCache(options.cacheDir);
    this.urls = {
      song: (track) => `/wapi/song/media/${track.id}/${tagOf(track.version)}`,
      songCover: (track) => `/wapi/cover/song/${track.id}/${this.songCoverTag(track.id)}.jpg`,
      playlistCover: (playlist) => `/wapi/cover/playlist/${playlist.id}/${tagOf(playlist.coverFile, playlist.coverVersion)}.jpg`,
    };
    this.source = new LocalMusicSource(() => this.scanner.catalogue, this.urls, this.folder, this.repository);
  }

  catalogue(): MusicCatalogue {
    return this.scanner.catalogue;
  }

  /** Serves the stored catalogue at once; the demo copy, the scan and the watcher follow in the background. */
  async start(): Promise<void> {
    await this.scanner.load();
    if (this.options.scans === false) return;
    this.initial = this.prepare()
      .then(() => this.rescan())
      .then(() => this.watch())
      .catch((error: unknown) => {
        if (!this.closed) this.options.log?.(String(error));
      });
  }

  /** Resolves once the demo album (if any) is in place and the first scan has finished. */
  ready(): Promise<void> {
    return this.initial;
  }

  rescan(progress?: ScanProgress): Promise<ScanReport> {
    return this.scanner.rescan(progress);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.watcher?.close();
    await this.scanner.stop();
  }

  /** The cover JPEG at the asked size. */
  async cover(kind: 'song' | 'playlist', id: number, param: string | undefined): Promise<Buffer> {
    const size = coverSize(param);
    if (size === undefined) throw new AppError('invalid', text.badParameter('param'));
    const catalogue = this.catalogue();
    if (kind === 'playlist') {
      // Every playlist folder, an empty one too: the console shows its cover before it has songs.
      const playlist = catalogue.folder(id);
      if (!playlist) throw new AppError('notFound', text.playlistNotFound);
      const tag = tagOf(playlist.coverFile, playlist.coverVersion);
      const file = playlist.coverFile && (playlist.folder ? `${playlist.folder}/${playlist.coverFile}` : playlist.coverFile);
      return this.covers.resized(`playlist-${id}-${tag}`, size, async () => (file ? this.options.files.read(file) : generatedCover(`playlist-${id}`)));
    }
    const track = catalogue.track(id);
    if (!track) throw new AppError('notFound', text.songNotFound);
    const playlist = catalogue.playlist(track.playlistId);
    return this.covers.resized(`song-${id}-${this.songCoverTag(id)}`, size, async () => {
      const own = track.coverFile ? await this.options.files.read(siblingOf(track.file, track.coverFile)).catch(() => undefined) : undefined;
      if (own) return own;
      const embedded = track.embeddedCover ? await this.folder.embeddedPicture(track.file).catch(() => undefined) : undefined;
      if (embedded) return embedded;
      if (playlist?.coverFile) return this.options.files.read(playlist.folder ? `${playlist.folder}/${playlist.coverFile}` : playlist.coverFile);
      return generatedCover(`playlist-${track.playlistId}`);
    });
  }

  /** A song without its own picture shows its playlist's cover, so its tag follows that cover too. */
  private songCoverTag(id: number): string {
    const catalogue = this.catalogue();
    const track = catalogue.track(id);
    if (!track) return '0';
    if (track.coverFile) return tagOf(track.version, track.metaVersion ?? '');
    if (track.embeddedCover) return tagOf(track.version);
    const playlist = catalogue.playlist(track.playlistId);
    return tagOf(String(track.playlistId), playlist?.coverFile ?? '', playlist?.coverVersion ?? '');
  }

  /** On the first start with an empty library, the demo album goes in (once: deleting it later is respected). */
  private async prepare(): Promise<void> {
    const { db, demoDir, files: library } = this.options;
    if (library instanceof FolderLibraryFiles) await fsp.mkdir(library.root, { recursive: true });
    if (!demoDir || !fs.existsSync(demoDir)) return;
    if (await db.selectFrom('seed_marker').select('name').where('name', '=', DEMO_MARKER).executeTakeFirst()) return;
    const empty = (await library.entries('')).length === 0;
    if (empty) {
      if (library instanceof FolderLibraryFiles) await fsp.cp(demoDir, library.root, { recursive: true });
      else await copyFolderInto(demoDir, library);
      const { files } = await this.folder.list();
      this.options.log?.(text.scan.demoCopied(files.length));
    }
    await db
      .insertInto('seed_marker')
      .values({ name: DEMO_MARKER, created_at: this.options.clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
  }

  private watch(): void {
    const folder = this.options.files.watchable;
    if (this.closed || folder === undefined) return;
    try {
      this.watcher = fs.watch(folder, { recursive: true }, () => {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.rescan().catch((error: unknown) => this.options.log?.(String(error))), RESCAN_DELAY_MS);
      });
      this.watcher.on('error', (error) => this.options.log?.(String(error)));
    } catch (error) {
      this.options.log?.(String(error));
    }
  }
}

/** The '/'-separated path of `name` in the folder of `file`. */
function siblingOf(file: string, name: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? name : `${file.slice(0, slash)}/${name}`;
}

/** Every file under `folder` on disk, uploaded to the library under the same '/'-separated path. */
export async function copyFolderInto(folder: string, library: LibraryFiles): Promise<number> {
  let copied = 0;
  for (const entry of await fsp.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const file = path.join(entry.parentPath, entry.name);
    await library.write(path.relative(folder, file).split(path.sep).join('/'), fs.createReadStream(file));
    copied += 1;
  }
  return copied;
}

export function defaultCacheDir(dataDir: string): string {
  return path.join(dataDir, 'cache', 'covers');
}
