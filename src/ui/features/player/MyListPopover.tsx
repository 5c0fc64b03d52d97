import { useSelector } from '../../hooks/useSelector';
import { ListMusic, Trash2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import type { PlayerRuntime } from '../../../ports/playerRuntime';
import * as zhCN from '../../../i18n/zh-CN';
import { artistLine } from './cover';
import { Cover } from './Cover';
import { usePortalContainer } from './portal';

const text = zhCN.music;

/** "My list": play a song from it, delete one; an empty state when there is none. */
export function MyListPopover({ runtime, onOpenChange }: { runtime: PlayerRuntime; onOpenChange(open: boolean): void }) {
  const { player } = runtime;
  const customList = useSelector(player, (snapshot) => snapshot.context.customList);
  const playingId = useSelector(player, (snapshot) => (snapshot.context.source === 'CUSTOM' ? (snapshot.context.current?.id ?? null) : null));
  const container = usePortalContainer();
  return (
    <Popover.Root onOpenChange={onOpenChange}>
      <Popover.Trigger className="mp-icon-button mp-bar__tool" aria-label={text.myListCount(customList.length)} title={text.myList}>
        <ListMusic aria-hidden="true" />
        {customList.length > 0 && (
          <span className="mp-badge" aria-hidden="true">
            {customList.length > 99 ? '99+' : customList.length}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal container={container}>
        <Popover.Content className="mp-popover mp-mylist" side="top" align="end" sideOffset={12} collisionPadding={8} aria-label={text.myList}>
          <h3 className="mp-popover__title">
            {text.myList}
            <span className="mp-popover__count">{customList.length}</span>
          </h3>
          {customList.length === 0 ? (
            <div className="mp-state mp-state--empty mp-state--compact">
              <ListMusic aria-hidden="true" />
              <p>{text.myListEmpty}</p>
              <p className="mp-state__hint">{text.myListEmptyHint}</p>
            </div>
          ) : (
            <ul className="mp-mylist__items">
              {customList.map((song, index) => (
                <li key={song.id} className="mp-mylist__item" data-playing={song.id === playingId}>
                  <button
                    type="button"
                    className="mp-mylist__play"
                    aria-label={text.playSong(song.name)}
                    onClick={() => player.send({ type: 'custom.select', index })}
                  >
                    <Cover url={song.cover} px={80} className="mp-mylist__cover" />
                    <span className="mp-mylist__titles">
                      <span className="mp-mylist__name">{song.name}</span>
                      <span className="mp-mylist__artist">{artistLine(song.artists, zhCN.disc.unknownArtist)}</span>
                    </span>
                  </button>
                  <button
                    type="button"
                    className="mp-icon-button mp-mylist__remove"
                    aria-label={text.removeSong(song.name)}
                    title={text.removeSong(song.name)}
                    onClick={() => player.send({ type: 'custom.remove', id: song.id })}
                  >
                    <Trash2 aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Popover.Arrow className="mp-popover__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
