/** Where one picture of an upload list stands. */
export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

/** One picture of an upload list: a file on its way, or a picture already on the server. */
export interface UploadItem {
  /** Unique in the list; the view keeps the file under it. */
  id: string;
  /** The file's name, shown beside its progress. */
  name: string;
  status: UploadStatus;
  /** 0–1 while uploading, 1 once done. */
  progress: number;
  /** The picture's address once uploaded ('' before). */
  url: string;
  /** Why the upload failed ('' otherwise). */
  error: string;
}

/** Uploads running at once: enough to keep the line busy, few enough for the server's image decoding. */
export const UPLOAD_CONCURRENCY = 3;

/** A picture already on the server, as a finished item of the list. */
export function uploadedItem(id: string, url: string): UploadItem {
  return { id, name: '', status: 'done', progress: 1, url, error: '' };
}

/** A file about to be sent. */
export function waitingItem(id: string, name: string): UploadItem {
  return { id, name, status: 'waiting', progress: 0, url: '', error: '' };
}

/** The addresses of the finished pictures, in the list's order. */
export function uploadedUrls(items: readonly UploadItem[]): string[] {
  return items.filter((item) => item.status === 'done').map((item) => item.url);
}

/** True while a file waits or is on its way. */
export function hasPending(items: readonly UploadItem[]): boolean {
  return items.some((item) => item.status === 'waiting' || item.status === 'uploading');
}

/** The waiting items to start now, first in the list first, so that at most `limit` upload at once. */
export function itemsToStart(items: readonly UploadItem[], limit: number): string[] {
  const running = items.filter((item) => item.status === 'uploading').length;
  return items
    .filter((item) => item.status === 'waiting')
    .slice(0, Math.max(0, limit - running))
    .map((item) => item.id);
}

/** The list with the item `id` moved to where `overId` is (the other items keep their order). */
export function moveItem<T extends { id: string | number }>(items: readonly T[], id: T['id'], overId: T['id']): T[] {
  const from = items.findIndex((item) => item.id === id);
  const to = items.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}

/** How many more files a list may take when it holds at most `max` pictures (failed ones count until removed). */
export function roomLeft(items: readonly UploadItem[], max: number): number {
  return Math.max(0, max - items.length);
}
