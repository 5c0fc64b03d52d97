import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy } from '@dnd-kit/sortable';
import { ArrowLeft, Pencil, Trash2, Upload } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Photo } from '../../../domain/content/content';
import type { AlbumPhotos } from '../../../domain/console/showcase/showcase';
import { moveItem } from '../../../domain/console/showcase/uploads';
import * as zhCN from '../../../i18n/zh-CN';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { LoadFailed } from '../../features/content/LoadFailed';
import { useLoad } from '../../features/content/useLoad';
import { AlbumDialog } from './AlbumDialog';
import { ConfirmDialog } from '../ConfirmDialog';
import { FilePickButton } from '../FilePickButton';
import { SortableArea } from '../Sortable';
import { PhotoCard } from './PhotoCard';
import { UploadList } from './UploadList';
import type { SendFile } from './useUploads';
import { useAction } from './useAction';
import { useUploads } from './useUploads';
import './showcase.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleShowcase;

/** One album: upload many photos at once (a progress bar each), order them by dragging, describe, choose the cover, delete. */
export default function AlbumPage() {
  const albumId = Number(useParams().id);
  const api = useService(CONSOLE_TOKENS.showcaseConsoleApi);
  const act = useAction();
  const navigate = useNavigate();
  const load = useLoad(`console-album:${albumId}`, () => api.albumPhotos(albumId));
  /** What a change answered, shown until the next load replaces it. */
  const [changed, setChanged] = useState<{ from: AlbumPhotos; to: AlbumPhotos } | null>(null);
  const view = changed && changed.from === load.data ? changed.to : load.data;
  const show = (next: AlbumPhotos) => setChanged({ from: load.data ?? next, to: next });

  // Each photo that arrives is read back with its album (count, cover), so the page shows what readers see.
  const { reload } = load;
  const send = useCallback<SendFile>(
    (file, onProgress, signal) =>
      api.uploadPhoto(albumId, file, file.name, onProgress, signal).then((photo) => {
        reload();
        return photo.url;
      }),
    [api, albumId, reload],
  );
  // One at a time: each photo is added last as it arrives, so the album keeps the order they were chosen in.
  const uploads = useUploads(send, { limit: 1 });

  if (!view) {
    return (
      <div className="console-page">
        <BackLink />
        {load.error ? <LoadFailed error={load.error} onRetry={load.reload} /> : <Loading />}
      </div>
    );
  }
  const { album, photos } = view;

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const moved = moveItem(photos, Number(active.id), Number(over.id));
    show({ album, photos: moved });
    const answer = await act(
      () =>
        api.arrangePhotos(
          album.id,
          moved.map((photo) => photo.id),
        ),
      text.orderSaved,
    );
    if (answer) show(answer);
    else load.reload();
  };
  const replacePhoto = (photo: Photo) => show({ album, photos: photos.map((p) => (p.id === photo.id ? photo : p)) });

  return (
    <div className="console-page">
      <BackLink />
      <header className="console-page__head">
        <div>
          <h1 className="console-page__title">{album.name}</h1>
          {album.description && <p className="showcase-muted album-head__description">{album.description}</p>}
          <p className="showcase-muted">{text.albums.photoCount(album.photoCount)}</p>
        </div>
        <div className="console-page__actions">
          <FilePickButton className="button button--primary" accept="image/*" multiple onFiles={(files) => uploads.add(files)}>
            <Upload aria-hidden="true" />
            {text.photos.upload}
          </FilePickButton>
          <AlbumDialog album={album} onSaved={(saved) => show({ album: saved, photos })}>
            <button type="button" className="button">
              <Pencil aria-hidden="true" />
              {text.edit}
            </button>
          </AlbumDialog>
          <ConfirmDialog
            title={text.albums.deleteTitle(album.name)}
            description={text.albums.deleteText(album.photoCount)}
            action={text.delete}
            onConfirm={async () => {
              if ((await act(() => api.deleteAlbum(album.id).then(() => true), text.albums.deleted)) !== undefined)
                void navigate('/admin/albums');
            }}
          >
            <button type="button" className="button showcase-button--danger-outline">
              <Trash2 aria-hidden="true" />
              {text.delete}
            </button>
          </ConfirmDialog>
        </div>
      </header>
      <p className="showcase-muted">{text.photos.uploadHint}</p>
      <UploadList uploads={uploads} />
      {photos.length === 0 ? (
        <p className="console-empty">{text.photos.empty}</p>
      ) : (
        <>
          <p className="showcase-muted">{text.photos.dragHint}</p>
          <SortableArea onDragEnd={(event) => void onDragEnd(event)}>
            <SortableContext items={photos.map((photo) => photo.id)} strategy={rectSortingStrategy}>
              <ol className="photo-grid-console">
                {photos.map((photo, index) => (
                  <PhotoCard
                    key={photo.id}
                    photo={photo}
                    index={index}
                    isCover={photo.url === album.cover}
                    onSetCover={() =>
                      void act(() => api.setCover(album.id, photo.id), text.photos.coverSet).then(
                        (saved) => saved && show({ album: saved, photos }),
                      )
                    }
                    onDescribed={replacePhoto}
                    onDelete={async () => {
                      const after = await act(() => api.deletePhoto(photo.id), text.photos.deleted);
                      if (after) show({ album: after, photos: photos.filter((p) => p.id !== photo.id) });
                    }}
                  />
                ))}
              </ol>
            </SortableContext>
          </SortableArea>
        </>
      )}
    </div>
  );
}

function BackLink() {
  return (
    <Link to="/admin/albums" className="showcase-back">
      <ArrowLeft aria-hidden="true" />
      {text.photos.back}
    </Link>
  );
}
