import type { Playlist, Track } from './library';
import { SongSearchIndex, type Romanise, type SearchPage } from './songSearch';

/**
 * The library held in memory for answering: playlists in order, their tracks in order, and the search index.
 * A rescan replaces it whole (an immutable snapshot), so a request never sees half a rescan.
 */
export class MusicCatalogue {
  private readonly playlistById: Map<number, Playlist>;
  private readonly trackById: Map<number, Track>;
  private readonly tracksByPlaylist = new Map<number, Track[]>();
  readonly playlists: readonly Playlist[];
  /** Every playlist folder in order, those without songs too (the console lists them; listeners do not). */
  readonly folders: readonly Playlist[];
  private readonly folderById: Map<number, Playlist>;
  private readonly index: SongSearchIndex;

  constructor(playlists: readonly Playlist[], tracks: readonly Track[], romanise: Romanise) {
    this.trackById = new Map(tracks.map((track) => [track.id, track]));
    for (const track of [...tracks].sort((a, b) => a.position - b.position || a.id - b.id)) {
      const list = this.tracksByPlaylist.get(track.playlistId) ?? [];
      list.push(track);
      this.tracksByPlaylist.set(track.playlistId, list);
    }
    this.folders = [...playlists].sort((a, b) => a.position - b.position || a.id - b.id);
    this.folderById = new Map(this.folders.map((playlist) => [playlist.id, playlist]));
    // A folder without playable songs is not a playlist a listener can use.
    this.playlists = this.folders.filter((playlist) => this.tracksByPlaylist.has(playlist.id));
    this.playlistById = new Map(this.playlists.map((playlist) => [playlist.id, playlist]));
    this.index = new SongSearchIndex(tracks, romanise);
  }

  static empty(romanise: Romanise): MusicCatalogue {
    return new MusicCatalogue([], [], romanise);
  }

  get trackCount(): number {
    return this.trackById.size;
  }

  playlist(id: number): Playlist | undefined {
    return this.playlistById.get(id);
  }

  /** A playlist folder, with or without songs. */
  folder(id: number): Playlist | undefined {
    return this.folderById.get(id);
  }

  track(id: number): Track | undefined {
    return this.trackById.get(id);
  }

  tracksOf(playlistId: number): readonly Track[] {
    return this.tracksByPlaylist.get(playlistId) ?? [];
  }

  search(keyword: string, offset: number, limit: number): SearchPage {
    return this.index.search(keyword, offset, limit);
  }
}
