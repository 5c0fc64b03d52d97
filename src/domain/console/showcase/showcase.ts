import type { Album, Photo, Talk } from '../../content/content';

/** A talk as the console lists it: hidden ones too. */
export interface ConsoleTalk extends Talk {
  /** Kept for the blogger, out of /talk and its address. */
  hidden: boolean;
}

export interface ConsoleTalkPage {
  list: ConsoleTalk[];
  total: number;
}

/** What the blogger writes: the text and the pictures' addresses in the order shown. */
export interface TalkText {
  content: string;
  images: string[];
}

export interface AlbumFields {
  name: string;
  description: string;
}

/** An album with every one of its photos, in order. */
export interface AlbumPhotos {
  album: Album;
  photos: Photo[];
}

/** Told how much of an upload has been sent (0–1). */
export type UploadProgress = (fraction: number) => void;

/** The longest album name and description, and photo description, as the server takes them. */
export const ALBUM_NAME_MAX = 30;
export const ALBUM_DESCRIPTION_MAX = 200;
export const PHOTO_DESCRIPTION_MAX = 200;
