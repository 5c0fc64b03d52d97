import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { MusicPlaylist } from '../../../domain/console/music/music';
import { moveItem } from '../../../domain/console/showcase/uploads';
import * as zhCN from '../../../i18n/zh-CN';
import { DragHandle } from '../showcase/DragHandle';
import { SortableArea, useSortableItem } from '../Sortable';

const text = zhCN.consoleMusic;

/** The playlists, the chosen one marked; the folders are ordered by dragging (the loose songs stay last). */
export function PlaylistList({
  playlists,
  selected,
  onSelect,
  onArrange,
}: {
  playlists: readonly MusicPlaylist[];
  selected: number | undefined;
  onSelect: (id: number) => void;
  onArrange: (playlists: MusicPlaylist[]) => void;
}) {
  const movable = playlists.filter((playlist) => !playlist.loose);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onArrange(moveItem(movable, Number(active.id), Number(over.id)));
  };
  if (playlists.length === 0) return <p className="console-empty">{text.playlists.empty}</p>;
  return (
    <SortableArea onDragEnd={onDragEnd}>
      <SortableContext items={movable.map((playlist) => playlist.id)} strategy={verticalListSortingStrategy}>
        <ol className="music-playlists" aria-label={text.playlists.heading}>
          {playlists.map((playlist) => (
            <PlaylistItem key={playlist.id} playlist={playlist} current={playlist.id === selected} onSelect={() => onSelect(playlist.id)} />
          ))}
        </ol>
      </SortableContext>
    </SortableArea>
  );
}

function PlaylistItem({ playlist, current, onSelect }: { playlist: MusicPlaylist; current: boolean; onSelect: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortableItem(playlist.id, playlist.name, playlist.loose);
  return (
    <li
      ref={setNodeRef}
      className="music-playlist"
      data-current={current || undefined}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition: transition }}
    >
      {!playlist.loose && <DragHandle label={playlist.name} attributes={attributes} listeners={listeners} />}
      <button type="button" className="music-playlist__pick" aria-current={current || undefined} onClick={onSelect}>
        <img className="music-playlist__cover" src={`${playlist.coverUrl}?param=100y100`} alt="" loading="lazy" />
        <span className="music-playlist__text">
          <span className="music-playlist__name">{playlist.name}</span>
          <span className="music-muted">{text.playlists.songCount(playlist.songCount)}</span>
        </span>
      </button>
    </li>
  );
}
