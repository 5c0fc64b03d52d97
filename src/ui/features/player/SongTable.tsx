import { Check, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { isInList, type Song } from '../../../domain/player/music';
import * as zhCN from '../../../i18n/zh-CN';
import { artistLine } from './cover';
import { Cover } from './Cover';

const text = zhCN.music;

interface SongTableProps {
  label: string;
  songs: readonly Song[];
  /** The song playing from this list, highlighted. */
  currentId: number | null;
  customList: readonly Song[];
  /** The "other" (alias) column: the playlist table has it, the search table does not. */
  withAlias: boolean;
  onPlay(index: number): void;
  onAdd(song: Song): void;
  empty?: ReactNode;
}

/** Rows song / author / (other) / action; a click anywhere on a row plays it. */
export function SongTable({ label, songs, currentId, customList, withAlias, onPlay, onAdd, empty }: SongTableProps) {
  if (songs.length === 0 && empty) return <>{empty}</>;
  return (
    <table className="mp-table" aria-label={label} data-alias={withAlias}>
      <thead>
        <tr>
          <th scope="col" className="mp-table__index">
            <span className="visually-hidden">#</span>
          </th>
          <th scope="col">{text.columns.song}</th>
          <th scope="col" className="mp-table__author">
            {text.columns.author}
          </th>
          {withAlias && (
            <th scope="col" className="mp-table__alias">
              {text.columns.other}
            </th>
          )}
          <th scope="col" className="mp-table__action">
            {text.columns.action}
          </th>
        </tr>
      </thead>
      <tbody>
        {songs.map((song, index) => {
          const playing = song.id === currentId;
          const added = isInList(customList, song.id);
          const artists = artistLine(song.artists, zhCN.disc.unknownArtist);
          return (
            <tr
              key={`${song.id}-${index}`}
              className="mp-row"
              data-playing={playing}
              aria-current={playing ? 'true' : undefined}
              onClick={() => onPlay(index)}
            >
              <td className="mp-table__index">
                {playing ? (
                  <span className="mp-eq" aria-label={text.nowPlaying}>
                    <i />
                    <i />
                    <i />
                  </span>
                ) : (
                  String(index + 1).padStart(2, '0')
                )}
              </td>
              <td className="mp-row__song">
                <div className="mp-row__song-inner">
                  <Cover url={song.cover} px={80} className="mp-row__cover" />
                  <span className="mp-row__titles">
                    <button
                      type="button"
                      className="mp-row__name"
                      aria-label={text.playSong(song.name)}
                      onClick={(event) => {
                        event.stopPropagation();
                        onPlay(index);
                      }}
                    >
                      {song.name}
                    </button>
                    <span className="mp-row__sub">{artists}</span>
                  </span>
                </div>
              </td>
              <td className="mp-table__author" title={artists}>
                {artists}
              </td>
              {withAlias && (
                <td className="mp-table__alias" title={song.alias.join(' / ')}>
                  {song.alias.join(' / ')}
                </td>
              )}
              <td className="mp-table__action">
                <button
                  type="button"
                  className="mp-icon-button mp-row__add"
                  data-added={added}
                  aria-label={added ? text.inList(song.name) : text.addSong(song.name)}
                  title={added ? text.inList(song.name) : text.addSong(song.name)}
                  onClick={(event) => {
                    event.stopPropagation();
                    onAdd(song);
                  }}
                >
                  {added ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
