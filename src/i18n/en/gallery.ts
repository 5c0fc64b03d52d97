import type { Translation } from '../translation';
import type { gallery as zh } from '../zh-CN/gallery';
import { plural } from './plural';

/** The albums and the photo viewer. */
export const gallery = {
  noAlbums: 'No albums yet',
  photoCount: (n: number) => plural(n, 'photo'),
  albumMissing: 'Album not found',
  noPhotos: 'This album has no photos yet',
  backToAlbums: 'Back to albums',
  loadMore: 'Load more',
  photo: (n: number) => `Photo ${n}`,
  viewer: 'Image viewer',
  previous: 'Previous',
  next: 'Next',
  close: 'Close',
  position: (index: number, total: number) => `${index} / ${total}`,
} as const satisfies Translation<typeof zh>;
