import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy } from '@dnd-kit/sortable';
import { FolderPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Album } from '../../../domain/content/content';
import { moveItem } from '../../../domain/console/showcase/uploads';
import * as zhCN from '../../../i18n/zh-CN';
import { Loading } from '../../components/Loading';
import { useService } from '../../di';
import { LoadFailed } from '../../features/content/LoadFailed';
import { useLoad } from '../../features/content/useLoad';
import { AlbumCard } from './AlbumCard';
import { AlbumDialog } from './AlbumDialog';
import { SortableArea } from '../Sortable';
import { useAction } from './useAction';
import './showcase.css';
import { CONSOLE_TOKENS } from '../../../ports/console/tokens';

const text = zhCN.consoleShowcase;

/** 相册: every album in the order readers see them, dragged into another order; create, edit, delete. */
export default function AlbumsPage() {
  const api = useService(CONSOLE_TOKENS.showcaseConsoleApi);
  const act = useAction();
  const navigate = useNavigate();
  const load = useLoad('console-albums', () => api.albums());
  /** The order just dragged, shown until the server's answer (or a reload) replaces it. */
  const [arranged, setArranged] = useState<{ from: Album[]; to: Album[] } | null>(null);
  const albums = arranged && arranged.from === load.data ? arranged.to : load.data;

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!albums || !over || active.id === over.id) return;
    const moved = moveItem(albums, Number(active.id), Number(over.id));
    setArranged({ from: load.data ?? [], to: moved });
    await act(() => api.arrangeAlbums(moved.map((album) => album.id)), text.orderSaved);
    load.reload();
  };

  let body;
  if (!albums) body = load.error ? <LoadFailed error={load.error} onRetry={load.reload} /> : <Loading />;
  else if (albums.length === 0) body = <p className="console-empty">{text.albums.empty}</p>;
  else
    body = (
      <SortableArea onDragEnd={(event) => void onDragEnd(event)}>
        <SortableContext items={albums.map((album) => album.id)} strategy={rectSortingStrategy}>
          <ol className="album-grid-console">
            {albums.map((album) => (
              <AlbumCard
                key={album.id}
                album={album}
                onEdited={load.reload}
                onDelete={async () => {
                  if ((await act(() => api.deleteAlbum(album.id).then(() => true), text.albums.deleted)) !== undefined)
                    load.reload();
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </SortableArea>
    );

  return (
    <div className="console-page">
      <header className="console-page__head">
        <h1 className="console-page__title">{text.albums.title}</h1>
        <div className="console-page__actions">
          <AlbumDialog onSaved={(album) => void navigate(`/admin/albums/${album.id}`)}>
            <button type="button" className="button button--primary">
              <FolderPlus aria-hidden="true" />
              {text.albums.create}
            </button>
          </AlbumDialog>
        </div>
      </header>
      <p className="showcase-muted">{text.albums.dragHint}</p>
      {body}
    </div>
  );
}
