import path from 'node:path';
import { MusicCatalogue } from '../../domain/music/catalogue';
import { cueSong, cueSpans, parseCueSheet, resolveCueFile, type CueSheet, type CueTrack } from '../../domain/music/cueSheet';
import { mergeSongMeta } from '../../domain/music/folderEdits';
import { displayName, songKey, type CueSpan } from '../../domain/music/library';
import type { Romanise } from '../../domain/music/songSearch';
import * as zhCN from '../../../src/i18n/zh-CN';
import type { Clock } from '../../ports/clock';
import type { KyselyMusicRepository, StoredTrack, TrackFields } from '../db/musicRepository';
import { mimeOf, type FileOnDisk, type MusicFolder } from './musicFolder';

export interface ScanReport {
  songs: number;
  playlists: number;
  /** Files left out (unreadable, or a format no browser plays), with the reason; the rest of the library is unaffected. */
  skipped: { file: string; reason: string }[];
}

export interface ScanProgress {
  (done: number, total: number, file: string): void;
}

const text = zhCN.musicServer;

/** A CUE sheet over one audio file, and the tracks it cuts that file into. */
interface CueAlbum {
  sheetFile: string;
  /** The sheet's size and modification time: part of each track's version, so an edited sheet is read again. */
  version: string;
  sheet: CueSheet;
  tracks: (CueTrack & CueSpan)[];
}

/** Names guessed from the file or its lyric are read again when the lyric file beside it changed. */
const namesStale = (stored: StoredTrack, found: FileOnDisk) =>
  Object.keys(stored.guessed).length > 0 && stored.lyricVersion !== (found.lyric?.version ?? '');

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
  /** Told after each scan (the catalogue may have changed): other instances are then told to reload it. */
  onScanned: (() => void) | undefined;

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

  /**
   * Runs the console's `edit` of the folder with no scan in progress, then scans, so the catalogue shows the
   * edit when this resolves. Edits and scans never overlap: a scan between an edit's file rename and its row
   * update would take the renamed file for a new song.
   */
  async change<T>(edit: () => Promise<T>): Promise<T> {
    while (this.running) await this.running.catch(() => undefined);
    let result: { value: T } | undefined;
    this.running = (async () => {
      let failure: { error: unknown } | undefined;
      try {
        result = { value: await edit() };
      } catch (error) {
        failure = { error };
      }
      // Even a failed edit may have changed something: the catalogue follows the folder either way.
      const report = await this.scanUntilSettled();
      if (failure) throw failure.error;
      return report;
    })().finally(() => {
      this.running = undefined;
    });
    await this.running;
    return result!.value;
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

    // Sub-folders as the folder lists them (its order file, else file-manager order), the top level last: its
    // loose files are the odd ones out.
    const folders = [...disk.folders].sort((a, b) => Number(a.folder === '') - Number(b.folder === ''));
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

    const byKey = new Map(storedTracks.map((track) => [songKey(track), track]));
    const onDisk = new Set(disk.files.map((file) => file.file));
    // Rows whose file has gone: a new file with the same fingerprint is the same song renamed.
    const vanished = storedTracks.filter((track) => !onDisk.has(track.file));
    const kept = new Set<number>();
    const skipped: ScanReport['skipped'] = [];
    const skip = (file: string, reason: string, line: (file: string, reason: string) => string = text.scan.skipped) => {
      skipped.push({ file, reason });
      this.log(line(file, reason));
    };
    const positions = new Map<string, number>();
    const albums = await this.readAlbums(disk, skip);
    for (const { file, format } of disk.unplayable) skip(file, text.scan.unplayable(format));

    for (const [index, found] of disk.files.entries()) {
      if (this.stopped) throw new Error('scan stopped');
      progress?.(index, disk.files.length, found.file);
      const playlistId = playlistIds.get(found.folder);
      if (playlistId === undefined) continue;
      // One song for the file, or one for each track of the CUE sheet over it (the whole file is then not listed).
      const album = albums.get(found.file);
      const songs = album ? album.tracks.map((track) => ({ album, track })) : [undefined];
      // The file's own tags, read at most once for all its tracks.
      let whole: Promise<TrackFields> | undefined;
      try {
        for (const cue of songs) {
          const position = positions.get(found.folder) ?? 0;
          positions.set(found.folder, position + 1);
          const version = cue ? `${found.version}+${cue.album.version}` : found.version;
          const stored = byKey.get(songKey({ file: found.file, cue: cue?.track }));
          const metaSame = (stored?.metaVersion ?? '') === (found.metaVersion ?? '');
          if (stored && stored.version === version && stored.present && metaSame && !namesStale(stored, found)) {
            if (stored.playlistId !== playlistId || stored.position !== position) await this.repository.placeTrack(stored.id, playlistId, position);
            kept.add(stored.id);
            continue;
          }
          whole ??= this.readFields(found, playlistId);
          const file = await whole;
          const song = cue ? cueSong(cue.album.sheet, cue.track, file) : {};
          if (!song) {
            skip(cue?.album.sheetFile ?? found.file, text.scan.cueTrackPastEnd(cue?.track.number ?? 0));
            continue;
          }
          const fields: TrackFields = { ...file, ...song, position, version };
          // A renamed file keeps its ids; a CUE track keeps its own by its number.
          const renamed = stored
            ? undefined
            : vanished.find((track) => track.fingerprint === fields.fingerprint && track.cue?.number === fields.cue?.number && !kept.has(track.id));
          if (renamed) {
            await this.repository.moveTrack(renamed.id, fields, now);
            kept.add(renamed.id);
          } else {
            kept.add(await this.repository.saveTrack(fields, now));
          }
        }
      } catch (error) {
        skip(found.file, reasonOf(error), text.scan.unreadable);
      }
    }
    progress?.(disk.files.length, disk.files.length, '');
    await this.repository.markTracksAbsent(storedTracks.filter((track) => track.present && !kept.has(track.id)).map((track) => track.id));
    await this.load();
    this.onScanned?.();
    return { songs: this.current.trackCount, playlists: this.current.playlists.length, skipped };
  }

  private async readFields(found: FileOnDisk, playlistId: number): Promise<TrackFields> {
    const [tags, fingerprint] = await Promise.all([this.folder.readTags(found.file, found.lyric?.file), this.folder.fingerprint(found.file, found.size)]);
    return {
      file: found.file,
      playlistId,
      position: 0,
      ...mergeSongMeta(tags, found.meta),
      coverFile: found.coverFile ?? '',
      metaVersion: found.metaVersion ?? '',
      size: found.size,
      mime: mimeOf(found.file),
      version: found.version,
      lyricVersion: found.lyric?.version ?? '',
      fingerprint,
    };
  }

  /**
   * The usable CUE sheets, by the audio file each cuts into tracks. A sheet is skipped, with the reason, when it
   * has no tracks, names a file that is not beside it, or names a file an earlier sheet already cut (the same
   * sheet saved twice, in two encodings, is common).
   */
  private async readAlbums(disk: { files: FileOnDisk[]; sheets: FileOnDisk[] }, skip: (file: string, reason: string) => void) {
    const albums = new Map<string, CueAlbum>();
    for (const found of disk.sheets) {
      try {
        const sheet = parseCueSheet(await this.folder.readSheet(found.file));
        const spans = cueSpans(sheet);
        if (spans.length === 0) throw new Error(text.scan.cueNoTracks);
        const beside = disk.files.filter((file) => file.folder === found.folder).map((file) => path.posix.basename(file.file));
        const tracksByFile = new Map<string, (CueTrack & CueSpan)[]>();
        for (const span of spans) {
          const name = resolveCueFile(span.file, beside);
          if (name === undefined) throw new Error(text.scan.cueFileMissing(span.file));
          const audio = found.folder ? `${found.folder}/${name}` : name;
          const taken = albums.get(audio);
          if (taken) throw new Error(text.scan.cueFileTaken(taken.sheetFile));
          tracksByFile.set(audio, [...(tracksByFile.get(audio) ?? []), span]);
        }
        for (const [audio, tracks] of tracksByFile) albums.set(audio, { sheetFile: found.file, version: found.version, sheet, tracks });
      } catch (error) {
        skip(found.file, reasonOf(error));
      }
    }
    return albums;
  }
}

