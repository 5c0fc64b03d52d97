import type { Album, Photo } from '../../domain/content/content';
import type {
  AlbumFields,
  AlbumPhotos,
  ConsoleTalk,
  ConsoleTalkPage,
  TalkText,
  UploadProgress,
} from '../../domain/console/showcase/showcase';

/**
 * The console's talks (说说), albums and photos. Every call rejects with the server's Chinese message; one
 * the HTTP client already showed (401, 403, 500…) rejects with a ReportedError. Uploads report their
 * progress and stop when `signal` aborts; a file over the server's limit is refused before it is sent.
 */
export interface ShowcaseConsoleApi {
  /** Every talk, hidden ones too: pinned first, then newest. */
  talks(page: number, size: number): Promise<ConsoleTalkPage>;
  /** Publishes a talk: every user is told of it. */
  publishTalk(talk: TalkText & { pinned: boolean }): Promise<ConsoleTalk>;
  editTalk(id: number, talk: TalkText): Promise<ConsoleTalk>;
  pinTalk(id: number, pinned: boolean): Promise<ConsoleTalk>;
  hideTalk(id: number, hidden: boolean): Promise<ConsoleTalk>;
  deleteTalk(id: number): Promise<void>;
  /** A picture for a talk; answers its /media/… address. */
  uploadTalkImage(file: Blob, fileName: string, onProgress: UploadProgress, signal: AbortSignal): Promise<string>;

  /** Every album in the order readers see them. */
  albums(): Promise<Album[]>;
  createAlbum(fields: AlbumFields): Promise<Album>;
  editAlbum(id: number, fields: AlbumFields): Promise<Album>;
  /** The album and every photo in it. */
  deleteAlbum(id: number): Promise<void>;
  /** `ids` in their new order; answers every album as now ordered. */
  arrangeAlbums(ids: number[]): Promise<Album[]>;
  /** The cover is one of the album's photos. */
  setCover(albumId: number, photoId: number): Promise<Album>;

  albumPhotos(albumId: number): Promise<AlbumPhotos>;
  /** Adds a photo last in the album, with its size as stored. */
  uploadPhoto(
    albumId: number,
    file: Blob,
    fileName: string,
    onProgress: UploadProgress,
    signal: AbortSignal,
  ): Promise<Photo>;
  /** `ids` in their new order; answers the album and its photos as now ordered. */
  arrangePhotos(albumId: number, ids: number[]): Promise<AlbumPhotos>;
  describePhoto(id: number, description: string): Promise<Photo>;
  /** Answers the photo's album as it is now (its count, and its cover if the photo was it). */
  deletePhoto(id: number): Promise<Album>;
}
