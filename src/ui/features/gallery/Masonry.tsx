import type { Photo } from '../../../domain/content/content';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import * as zhCN from '../../../i18n/zh-CN';
import './gallery.css';

/** Photos in columns of uneven heights; a known size reserves the space before the image arrives. */
export function Masonry({ photos, onOpen }: { photos: Photo[]; onOpen: (index: number) => void }) {
  return (
    <ul className="masonry">
      {photos.map((photo, index) => (
        <li key={photo.id} className="masonry__item">
          <button
            type="button"
            className="masonry__button"
            onClick={() => onOpen(index)}
            aria-label={photo.description || zhCN.gallery.photo(index + 1)}
            style={photo.width > 0 && photo.height > 0 ? { aspectRatio: `${photo.width} / ${photo.height}` } : undefined}
          >
            <LazyImage
              src={photo.url}
              alt={photo.description}
              sizes={IMAGE_SIZES.masonryPhoto}
              {...(photo.width > 0 && photo.height > 0 ? { width: photo.width, height: photo.height } : {})}
            />
          </button>
          {photo.description && <p className="masonry__caption">{photo.description}</p>}
        </li>
      ))}
    </ul>
  );
}
