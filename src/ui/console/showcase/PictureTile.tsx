import { useSortableItem } from '../Sortable';
import { CSS } from '@dnd-kit/utilities';
import { RotateCcw, X } from 'lucide-react';
import type { UploadItem } from '../../../domain/console/showcase/uploads';
import * as zhCN from '../../../i18n/zh-CN';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { DragHandle } from './DragHandle';
import { UploadProgressBar } from './UploadProgressBar';

const text = zhCN.consoleShowcase;

/** One picture of a talk being written: its image, its upload's progress or failure, a handle and 移除. */
export function PictureTile({
  item,
  index,
  preview,
  onRemove,
  onRetry,
}: {
  item: UploadItem;
  index: number;
  /** A local address of the file while the server does not have it yet. */
  preview: string | undefined;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const label = text.talks.picture(index + 1);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortableItem(item.id, label);
  const src = item.url || preview;
  return (
    <li
      ref={setNodeRef}
      className="picture-tile"
      data-status={item.status}
      data-dragging={isDragging}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={label}
    >
      {src &&
        (item.url ? (
          <LazyImage className="picture-tile__image" src={src} alt={label} sizes={IMAGE_SIZES.thumbnail} />
        ) : (
          <img className="picture-tile__image" src={src} alt={label} />
        ))}
      <DragHandle label={label} attributes={attributes} listeners={listeners} />
      <button type="button" className="picture-tile__remove" onClick={onRemove} aria-label={`${text.remove} ${label}`}>
        <X aria-hidden="true" />
      </button>
      {item.status !== 'done' && (
        <div className="picture-tile__status">
          <UploadProgressBar item={item} />
          {item.status === 'failed' && (
            <button type="button" className="picture-tile__retry" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              {text.retry}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
