import path from 'node:path';
import { MusicCatalogue } from '../../domain/music/catalogue';
import { displayName, naturalOrder, type Track } from '../../domain/music/library';
import type { Romanise } from '../../domain/music/songSearch';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { Clock } from '../../ports/clock';
import type { KyselyMusicRepository, StoredTrack } from '../db/musicRepository';
import { mimeOf, type FileOnDisk, type MusicFolder } from './musicFolder';

export interface ScanReport {
  songs: number;
  playlists: number;
  /** Files that could not be read, with the reason; the rest of the library is unaffected. */
  skipped: { file: string; reason: string }[];
}

export interface ScanProgress {
  (done: number, total: number, file: string): void;
}

const text = zhCN.musicServer;

/**
 * Brings the catalogue in line with the music folder: reads the tags of new and changed files only, keeps each
 * file's id across rescans, restarts and renames (a moved file is recognised by its fingerprint), and hides
 * what is gone. Scans never overlap: a change noticed during a scan runs one more scan after it.
 */
export class LibraryScanner {
  private current: MusicCatalogue;
  private running: Promise<ScanReport> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly folder: MusicFolder,
    private readonly repository: KyselyMusicRepository,
    private readonly romanise: Romanise,
    private readonly clock: Clock,
    private readonly log: (line: string) => void = () => undefined,
  ) {
    this.current = MusicCatalogue.empty(romanise);
  }

  get catalogue(): MusicCatalogue {
    return this.current;
  }

  /** Serves what the database already knows, before the first scan has read the folder. */
  async load(): Promise<void> {
    const [playlists, tracks] = await Promise.all([this.repository.playlists(), this.repository.tracks()]);
    this.current = new MusicCatalogue(
      playlists.filter((playlist) => playlist.present),
      tracks.filter((track) => track.present),
      this.romanise,
    );
  }

  /** Ends the scan in progress at the next file (the server is shutting down); later rescans do nothing. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  rescan(progress?: ScanProgress): Promise<ScanReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.scanUntilSettled(progress).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async scanUntilSettled(progress?: ScanProgress): Promise<ScanReport> {
    let report: ScanReport;
    do {
      this.again = false;
      report = await this.scanOnce(progress);
    } while (this.again);
    return report;
  }

  private async scanOnce(progress?: ScanProgress): Promise<ScanReport> {
    if (this.stopped) return { songs: this.current.trackCount, playlists: this.current.playlists.length, skipped: [] };
    const now = this.clock.now().toISOString();
    const disk = await this.folder.list();
    const storedTracks = await this.repository.tracks();
    const storedPlaylists = await this.repository.playlists();

    // Sub-folders in file-manager order, the top level last: its loose files are the odd ones out.
    const folders = [...disk.folders].sort((a, b) => (a.folder === '') !== (b.folder === '') ? (a.folder === '' ? 1 : -1) : naturalOrder(a.folder, b.folder));
    const playlistIds = new Map<string, number>();
    for (const [position, found] of folders.entries()) {
      const name = found.folder === '' ? text.looseSongs : displayName(path.posix.basename(found.folder));
      const description = found.description || (found.folder === '' ? text.looseSongsDescription : '');
      const previous = storedPlaylists.find((playlist) => playlist.folder === found.folder);
      const unchanged =
        previous?.present &&
        previous.name === name &&
        previous.description === description &&
        previous.coverFile === found.coverFile &&
        previous.coverVersion === found.coverVersion &&
        previous.position === position;
      const id = unchanged
        ? previous.id
        : await this.repository.savePlaylist({ folder: found.folder, name, description, coverFile: found.coverFile, coverVersion: found.coverVersion, position }, now);
      playlistIds.set(found.folder, id);
    }
    await this.repository.markPlaylistsAbsent(storedPlaylists.filter((playlist) => !playlistIds.has(playlist.folder)).map((p) => p.id));

    const byFile = new Map(storedTracks.map((track) => [track.file, track]));
    const onDisk = new Set(disk.files.map((file) => file.file));
    // Rows whose file has gone: a new file with the same fingerprint is the same song renamed.
    const vanished = storedTracks.filter((track) => !onDisk.has(track.file));
    const kept = new Set<number>();
    const skipped: ScanReport['skipped'] = [];
    const positions = new Map<string, number>();

    for (const [index, found] of disk.files.entries()) {
      if (this.stopped) throw new Error('scan stopped');
      progress?.(index, disk.files.length, found.file);
      const playlistId = playlistIds.get(found.folder);
      if (playlistId === undefined) continue;
      const position = positions.get(found.folder) ?? 0;
      positions.set(found.folder, position + 1);
      const stored = byFile.get(found.file);
      try {
        if (stored && stored.version === found.version && stored.present) {
          if (stored.playlistId !== playlistId || stored.position !== position) await this.repository.placeTrack(stored.id, playlistId, position);
          kept.add(stored.id);
          continue;
        }
        const fields = await this.readFields(found, playlistId, position);
        const renamed = stored ? undefined : vanished.find((track) => track.fingerprint === fields.fingerprint && !kept.has(track.id));
        if (renamed) {
          await this.repository.moveTrack(renamed.id, fields, now);
          kept.add(renamed.id);
        } else {
          kept.add(await this.repository.saveTrack(fields, now));
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        skipped.push({ file: found.file, reason });
        this.log(text.scan.unreadable(found.file, reason));
      }
    }
    progress?.(disk.files.length, disk.files.length, '');
    await this.repository.markTracksAbsent(storedTracks.filter((track) => track.present && !kept.has(track.id)).map((track) => track.id));
    await this.load();
    return { songs: this.current.trackCount, playlists: this.current.playlists.length, skipped };
  }

  private async readFields(found: FileOnDisk, playlistId: number, position: number) {
    const [tags, fingerprint] = await Promise.all([this.folder.readTags(found.file), this.folder.fingerprint(found.file, found.size)]);
    return {
      file: found.file,
      playlistId,
      position,
      ...tags,
      size: found.size,
      mime: mimeOf(found.file),
      version: found.version,
      fingerprint,
    } satisfies Omit<Track, 'id' | 'playCount'> & Pick<StoredTrack, 'fingerprint'>;
  }
}

