import { sql, type Kysely, type Selectable } from 'kysely';
import { songKey, type GuessedNames, type Playlist, type Track } from '../../domain/music/library';
import type { PlayCounter } from '../../ports/musicSource';
import type { Database, MusicPlaylistTable, MusicSongTable } from './schema';

export interface StoredTrack extends Track {
  fingerprint: string;
  /** The lyric file's version when the names were read ('' when none). */
  lyricVersion: string;
  present: boolean;
}

export interface StoredPlaylist extends Playlist {
  present: boolean;
}

export type TrackFields = Omit<Track, 'id' | 'playCount'> & Pick<StoredTrack, 'fingerprint' | 'lyricVersion'>;
export type PlaylistFields = Omit<Playlist, 'id' | 'updatedAt'>;

function toPlaylist(row: Selectable<MusicPlaylistTable>): StoredPlaylist {
  return {
    id: row.id,
    folder: row.folder,
    name: row.name,
    description: row.description,
    coverFile: row.cover_file,
    coverVersion: row.cover_version,
    position: row.position,
    updatedAt: row.updated_at,
    present: row.present === 1,
  };
}

function toTrack(row: Selectable<MusicSongTable>): StoredTrack {
  const cue = row.cue_track === null ? undefined : { number: row.cue_track, startMs: row.start_ms ?? 0, endMs: row.end_ms };
  return {
    id: row.id,
    // A CUE track's key is its file's path and `#number` (songKey): the path is what stays once that is cut.
    file: cue ? row.file.slice(0, row.file.lastIndexOf('#')) : row.file,
    cue,
    playlistId: row.playlist_id,
    position: row.position,
    title: row.title,
    artists: JSON.parse(row.artists) as string[],
    album: row.album,
    aliases: JSON.parse(row.aliases) as string[],
    durationMs: row.duration_ms,
    bitrate: row.bitrate,
    size: Number(row.size),
    mime: row.mime,
    embeddedCover: row.embedded_cover === 1,
    guessed: JSON.parse(row.guessed) as GuessedNames,
    lyricVersion: row.lyric_version,
    version: row.version,
    fingerprint: row.fingerprint,
    playCount: row.play_count,
    present: row.present === 1,
    coverFile: row.cover_file,
    metaVersion: row.meta_version,
  };
}

function songColumns(fields: TrackFields, now: string) {
  return {
    file: songKey(fields),
    cue_track: fields.cue?.number ?? null,
    start_ms: fields.cue?.startMs ?? null,
    end_ms: fields.cue?.endMs ?? null,
    playlist_id: fields.playlistId,
    position: fields.position,
    title: fields.title,
    artists: JSON.stringify(fields.artists),
    album: fields.album,
    aliases: JSON.stringify(fields.aliases),
    duration_ms: fields.durationMs,
    bitrate: fields.bitrate,
    size: fields.size,
    mime: fields.mime,
    embedded_cover: fields.embeddedCover ? 1 : 0,
    guessed: JSON.stringify(fields.guessed),
    lyric_version: fields.lyricVersion,
    version: fields.version,
    fingerprint: fields.fingerprint,
    present: 1,
    updated_at: now,
    cover_file: fields.coverFile ?? '',
    meta_version: fields.metaVersion ?? '',
  };
}

/** The catalogue's rows. Ids are keyed by path, so they survive restarts and rescans. */
export class KyselyMusicRepository implements PlayCounter {
  constructor(private readonly db: Kysely<Database>) {}

  async playlists(): Promise<StoredPlaylist[]> {
    return (await this.db.selectFrom('music_playlist').selectAll().orderBy('id').execute()).map(toPlaylist);
  }

  async tracks(): Promise<StoredTrack[]> {
    return (await this.db.selectFrom('music_song').selectAll().orderBy('id').execute()).map(toTrack);
  }

  /** Inserts or updates the folder's row; two instances scanning at once meet on the unique folder. */
  async savePlaylist(fields: PlaylistFields, now: string): Promise<number> {
    const values = {
      name: fields.name,
      description: fields.description,
      cover_file: fields.coverFile,
      cover_version: fields.coverVersion,
      position: fields.position,
      present: 1,
      updated_at: now,
    };
    const row = await this.db
      .insertInto('music_playlist')
      .values({ folder: fields.folder, ...values })
      .onConflict((conflict) => conflict.column('folder').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async saveTrack(fields: TrackFields, now: string): Promise<number> {
    const values = songColumns(fields, now);
    const row = await this.db
      .insertInto('music_song')
      .values({ ...values, play_count: 0 })
      .onConflict((conflict) => conflict.column('file').doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A file moved or renamed: its row (and id) follows it. */
  async moveTrack(id: number, fields: TrackFields, now: string): Promise<void> {
    await this.db.updateTable('music_song').set(songColumns(fields, now)).where('id', '=', id).execute();
  }

  async placeTrack(id: number, playlistId: number, position: number): Promise<void> {
    await this.db.updateTable('music_song').set({ playlist_id: playlistId, position, present: 1 }).where('id', '=', id).execute();
  }

  async markTracksAbsent(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('music_song').set({ present: 0 }).where('id', 'in', [...ids]).execute();
  }

  async markPlaylistsAbsent(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('music_playlist').set({ present: 0 }).where('id', 'in', [...ids]).execute();
  }

  /**
   * The console moved or renamed files itself: rows follow in the same operation (the folder `from` becomes `to`,
   * with every song and sub-folder under it), so ids never depend on the fingerprint for these.
   */
  async renameFolder(from: string, to: string): Promise<void> {
    const under = (path: string) => path === from || path.startsWith(`${from}/`);
    const playlists = await this.db.selectFrom('music_playlist').select(['id', 'folder']).execute();
    for (const playlist of playlists.filter((row) => under(row.folder))) {
      const folder = to + playlist.folder.slice(from.length);
      // A row kept for a folder that once had this name gives way (its id would otherwise take over).
      await this.db.updateTable('music_playlist').set({ folder: `~gone~${playlist.id}~${folder}` }).where('folder', '=', folder).execute();
      await this.db.updateTable('music_playlist').set({ folder }).where('id', '=', playlist.id).execute();
    }
    const songs = await this.db.selectFrom('music_song').select(['id', 'file']).execute();
    for (const song of songs.filter((row) => row.file.startsWith(`${from}/`))) await this.rekeySong(song.id, to + song.file.slice(from.length));
  }

  /** A song's file moved (a CUE track keeps its `#number`). */
  async renameSong(id: number, file: string): Promise<void> {
    const row = await this.db.selectFrom('music_song').select(['cue_track']).where('id', '=', id).executeTakeFirst();
    if (row) await this.rekeySong(id, row.cue_track === null ? file : `${file}#${row.cue_track}`);
  }

  private async rekeySong(id: number, key: string): Promise<void> {
    // Another row (a deleted song's, kept for its id) may hold the new path: it gives way.
    await this.db.updateTable('music_song').set({ file: `~gone~${id}~${key}` }).where('file', '=', key).where('id', '!=', id).execute();
    await this.db.updateTable('music_song').set({ file: key }).where('id', '=', id).execute();
  }

  /** The row of a playlist's folder, made now for a folder the console just created. */
  async playlistOf(folder: string): Promise<StoredPlaylist | undefined> {
    const row = await this.db.selectFrom('music_playlist').selectAll().where('folder', '=', folder).executeTakeFirst();
    return row && toPlaylist(row);
  }

  async countPlay(songId: number): Promise<void> {
    await this.db
      .updateTable('music_song')
      .set({ play_count: sql<number>`play_count + 1` })
      .where('id', '=', songId)
      .execute();
  }
}
