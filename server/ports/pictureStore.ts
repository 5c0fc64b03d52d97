/** A picture as stored: its public address (`/media/…`) and the size it is shown at, in pixels. */
export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/** Uploaded pictures, judged by their bytes, made fit for the web and stored. */
export interface PictureStore {
  /** Refuses (an `invalid` AppError with the reason) bytes that are not a picture the site takes. */
  store(bytes: Buffer): Promise<StoredPicture>;
}
