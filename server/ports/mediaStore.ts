export interface MediaStore {
  /** Stores bytes under a content-derived name and returns the public URL (`/media/…`). */
  save(bytes: Buffer, extension: string): Promise<string>;
  /** Copies a local file in (same naming) and returns its public URL. */
  importFile(filePath: string): Promise<string>;
}
