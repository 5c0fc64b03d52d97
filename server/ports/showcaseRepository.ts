import type { Album, Photo, Talk } from '../domain/content/showcase';

/** A talk as the console sees it: hidden ones too. */
export type ConsoleTalk = Talk & { hidden: boolean };

export type TalkText = Pick<Talk, 'content' | 'images'>;
export type AlbumFields = Pick<Album, 'name' | 'description'>;
export type StoredPhoto = Omit<Photo, 'id'>;

/**
 * Talks, albums and photos as the console keeps them: hidden talks included, albums and each album's
 * photos in the order the blogger set (position, then id). Albums carry the cover readers see (the chosen
 * one, else the first photo). Writes to a row that is not there change nothing.
 */
export interface ShowcaseRepository {
  /** Every talk, hidden ones too: pinned first, then newest. */
  talks(offset: number, limit: number): Promise<{ items: ConsoleTalk[]; total: number }>;
  findTalk(id: number): Promise<ConsoleTalk | undefined>;
  updateTalk(id: number, text: TalkText): Promise<void>;
  setTalkPinned(id: number, pinned: boolean): Promise<void>;
  setTalkHidden(id: number, hidden: boolean): Promise<void>;
  removeTalk(id: number): Promise<void>;

  albums(): Promise<Album[]>;
  findAlbum(id: number): Promise<Album | undefined>;
  /** Added last. */
  addAlbum(album: AlbumFields & { createdAt: string }): Promise<number>;
  updateAlbum(id: number, fields: AlbumFields): Promise<void>;
  /** The album and its photos. */
  removeAlbum(id: number): Promise<void>;
  /** Each album named takes its index in `ids` as its place. */
  orderAlbums(ids: readonly number[]): Promise<void>;
  setAlbumCover(id: number, cover: string): Promise<void>;

  /** Every photo of the album, in order. */
  photos(albumId: number): Promise<Photo[]>;
  findPhoto(id: number): Promise<(Photo & { albumId: number }) | undefined>;
  /** Added last in its album. */
  addPhoto(albumId: number, photo: StoredPhoto): Promise<number>;
  setPhotoDescription(id: number, description: string): Promise<void>;
  /** A chosen cover that was this photo's picture goes with it: the album then shows its first photo. */
  removePhoto(id: number): Promise<void>;
  /** Each photo of the album named takes its index in `ids` as its place. */
  orderPhotos(albumId: number, ids: readonly number[]): Promise<void>;
}
