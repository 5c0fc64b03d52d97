import { useSortableItem } from '../Sortable';
import { CSS } from '@dnd-kit/utilities';
import { ImageIcon, Star, Trash2 } from 'lucide-react';
import type { Photo } from '../../../domain/content/content';
import * as zhCN from '../../../i18n/zh-CN';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { ConfirmDialog } from '../ConfirmDialog';
import { DragHandle } from './DragHandle';
import { PhotoDescriptionDialog } from './PhotoDescriptionDialog';

const text = zhCN.consoleShowcase;

/** One photo of an album: the picture, its description, a handle to drag it, 设为封面, 描述 and 删除. */
export function PhotoCard({
  photo,
  index,
  isCover,
  onSetCover,
  onDescribed,
  onDelete,
}: {
  photo: Photo;
  index: number;
  isCover: boolean;
  onSetCover: () => void;
  onDescribed: (photo: Photo) => void;
  onDelete: () => Promise<unknown>;
}) {
  const label = text.photos.photo(index + 1);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortableItem(photo.id, label);
  return (
    <li
      ref={setNodeRef}
      className="photo-tile"
      data-dragging={isDragging}
      data-cover={isCover}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={label}
    >
      <LazyImage
        className="photo-tile__image"
        src={photo.url}
        alt={photo.description || label}
        sizes={IMAGE_SIZES.gridCover}
      />
      <DragHandle label={label} attributes={attributes} listeners={listeners} />
      {isCover && (
        <span className="console-badge photo-tile__cover" data-tone="primary">
          <ImageIcon aria-hidden="true" />
          {text.photos.cover}
        </span>
      )}
      <div className="photo-tile__body">
        <p className="photo-tile__description" data-empty={photo.description === ''}>
          {photo.description || text.photos.noDescription}
        </p>
        {photo.width > 0 && <span className="showcase-muted">{text.photos.size(photo.width, photo.height)}</span>}
        <div className="photo-tile__actions">
          {!isCover && (
            <button
              type="button"
              className="console-action"
              onClick={onSetCover}
              aria-label={`${text.photos.setCover} ${label}`}
            >
              <Star aria-hidden="true" />
              {text.photos.setCover}
            </button>
          )}
          <PhotoDescriptionDialog photo={photo} label={label} onSaved={onDescribed} />
          <ConfirmDialog
            title={text.photos.deleteTitle}
            description={text.photos.deleteText}
            action={text.delete}
            onConfirm={onDelete}
          >
            <button
              type="button"
              className="console-action console-action--danger"
              aria-label={`${text.delete} ${label}`}
            >
              <Trash2 aria-hidden="true" />
              {text.delete}
            </button>
          </ConfirmDialog>
        </div>
      </div>
    </li>
  );
}
