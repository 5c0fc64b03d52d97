import { localised } from '../language';

/** The albums and the photo viewer. */
export const gallery = localised('gallery', {
  noAlbums: '还没有相册',
  photoCount: (n: number) => `${n} 张`,
  albumMissing: '相册不存在',
  noPhotos: '这个相册还没有照片',
  backToAlbums: '返回相册',
  loadMore: '加载更多',
  photo: (n: number) => `第 ${n} 张照片`,
  viewer: '图片查看器',
  previous: '上一张',
  next: '下一张',
  close: '关闭',
  position: (index: number, total: number) => `${index} / ${total}`,
} as const);
