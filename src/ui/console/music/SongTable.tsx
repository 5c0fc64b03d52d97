import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Pencil, Trash2 } from 'lucide-react';
import { formatDuration, type MusicPlaylist, type MusicSong } from '../../../domain/console/music/music';
import { moveItem } from '../../../domain/console/showcase/uploads';
import * as zhCN from '../../../i18n/zh-CN';
import { ConfirmButton } from '../ConfirmButton';
import { DragHandle } from '../showcase/DragHandle';
import { SortableArea, useSortableItem } from '../Sortable';

const text = zhCN.consoleMusic;

interface SongActions {
  playlists: readonly MusicPlaylist[];
  onEdit: (song: MusicSong) => void;
  onMove: (song: MusicSong, playlistId: number) => void;
  onDelete: (song: MusicSong) => Promise<unknown>;
}

/** A playlist's songs in order: dragged into a new order, edited, moved to another playlist, deleted. */
export function SongTable({ songs, onArrange, ...actions }: { songs: readonly MusicSong[]; onArrange: (songs: MusicSong[]) => void } & SongActions) {
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onArrange(moveItem(songs, Number(active.id), Number(over.id)));
  };
  const columns = text.songs.columns;
  return (
    <div className="music-table-wrap">
      <SortableArea onDragEnd={onDragEnd}>
        <table className="console-table music-table">
          <thead>
            <tr>
              <th scope="col" className="music-table__order">{columns.order}</th>
              <th scope="col">{columns.title}</th>
              <th scope="col">{columns.artists}</th>
              <th scope="col" className="music-table__wide">{columns.album}</th>
              <th scope="col" className="music-table__wide">{columns.duration}</th>
              <th scope="col" className="music-table__wide">{columns.lyric}</th>
              <th scope="col">{columns.actions}</th>
            </tr>
          </thead>
          <SortableContext items={songs.map((song) => song.id)} strategy={verticalListSortingStrategy}>
            <tbody>
              {songs.map((song) => (
                <SongRow key={song.id} song={song} {...actions} />
              ))}
            </tbody>
          </SortableContext>
        </table>
      </SortableArea>
    </div>
  );
}

function SongRow({ song, playlists, onEdit, onMove, onDelete }: { song: MusicSong } & SongActions) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortableItem(song.id, song.title);
  const others = playlists.filter((playlist) => playlist.id !== song.playlistId);
  return (
    <tr
      ref={setNodeRef}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition: transition }}
    >
      <td className="music-table__order">
        <DragHandle label={song.title} attributes={attributes} listeners={listeners} />
      </td>
      <td className="music-table__title">{song.title}</td>
      <td>{song.artists.join(' / ') || text.songs.unknownArtist}</td>
      <td className="music-table__wide">{song.album}</td>
      <td className="music-table__wide">{formatDuration(song.durationMs)}</td>
      <td className="music-table__wide">{song.hasLyric ? text.songs.hasLyric : text.songs.noLyric}</td>
      <td>
        <span className="music-row-actions">
          <button type="button" className="icon-button" disabled={song.cue} onClick={() => onEdit(song)} aria-label={`${text.edit} ${song.title}`}>
            <Pencil aria-hidden="true" />
          </button>
          <select
            className="music-move"
            aria-label={`${text.songs.moveTo}：${song.title}`}
            value=""
            disabled={song.cue || others.length === 0}
            onChange={(event) => onMove(song, Number(event.currentTarget.value))}
          >
            <option value="">{text.songs.moveTo}</option>
            {others.map((playlist) => (
              <option key={playlist.id} value={playlist.id}>
                {playlist.name}
              </option>
            ))}
          </select>
          <ConfirmButton
            className="icon-button"
            danger
            disabled={song.cue}
            label={`${text.delete} ${song.title}`}
            title={text.songs.deleteTitle(song.title)}
            description={text.songs.deleteText}
            action={text.delete}
            onConfirm={() => onDelete(song)}
          >
            <Trash2 aria-hidden="true" />
          </ConfirmButton>
        </span>
      </td>
    </tr>
  );
}
