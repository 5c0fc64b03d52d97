import { useSortableItem } from '../Sortable';
import { CSS } from '@dnd-kit/utilities';
import { ImageOff, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Album } from '../../../domain/content/content';
import * as zhCN from '../../../i18n/zh-CN';
import { LazyImage } from '../../components/LazyImage';
import { IMAGE_SIZES } from '../../components/imageSizes';
import { AlbumDialog } from './AlbumDialog';
import { ConfirmDialog } from '../ConfirmDialog';
import { DragHandle } from './DragHandle';

const text = zhCN.consoleShowcase;

/** One album of the console's grid: its cover, name and count, a handle to drag it, 编辑 and 删除. */
export function AlbumCard({
  album,
  onEdited,
  onDelete,
}: {
  album: Album;
  onEdited: () => void;
  onDelete: () => Promise<unknown>;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortableItem(album.id, album.name);
  return (
    <li
      ref={setNodeRef}
      className="album-tile"
      data-dragging={isDragging}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={album.name}
    >
      {/* Named by what it shows (the album's name, count and description), as a voice command reads it. */}
      <Link to={`/admin/albums/${album.id}`} className="album-tile__open">
        {album.cover ? (
          <LazyImage className="album-tile__cover" src={album.cover} alt="" sizes={IMAGE_SIZES.gridCover} />
        ) : (
          <span className="album-tile__cover album-tile__cover--empty">
            <ImageOff aria-hidden="true" />
            {text.albums.noCover}
          </span>
        )}
        <span className="album-tile__name">{album.name}</span>
        <span className="album-tile__count">{text.albums.photoCount(album.photoCount)}</span>
        {album.description && <span className="album-tile__description">{album.description}</span>}
      </Link>
      <DragHandle label={album.name} attributes={attributes} listeners={listeners} />
      <div className="album-tile__actions">
        <AlbumDialog album={album} onSaved={onEdited}>
          <button type="button" className="console-action">
            <Pencil aria-hidden="true" />
            {text.edit}
          </button>
        </AlbumDialog>
        <ConfirmDialog
          title={text.albums.deleteTitle(album.name)}
          description={text.albums.deleteText(album.photoCount)}
          action={text.delete}
          onConfirm={onDelete}
        >
          <button type="button" className="console-action console-action--danger">
            <Trash2 aria-hidden="true" />
            {text.delete}
          </button>
        </ConfirmDialog>
      </div>
    </li>
  );
}
