import { useSelector } from '../../hooks/useSelector';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PlayerRuntime } from '../../../ports/playerRuntime';
import * as zhCN from '../../../i18n/zh-CN';
import { SongTable } from './SongTable';
import { Spinner } from './Spinner';
import { useLoadMore } from './useLoadMore';

const text = zhCN.music;

/** The music search panel: keyword, search button, rows song / author / operation, paged 20 at a time. */
export function SearchPanel({ runtime }: { runtime: PlayerRuntime }) {
  const { player, search } = runtime;
  const keyword = useSelector(search, (snapshot) => snapshot.context.keyword);
  const songs = useSelector(search, (snapshot) => snapshot.context.songs);
  const done = useSelector(search, (snapshot) => snapshot.context.done);
  const busy = useSelector(search, (snapshot) => snapshot.hasTag('busy'));
  const failed = useSelector(search, (snapshot) => snapshot.hasTag('error'));
  const currentId = useSelector(player, (snapshot) => snapshot.context.current?.id ?? null);
  const customList = useSelector(player, (snapshot) => snapshot.context.customList);
  const [draft, setDraft] = useState(keyword);

  // Later pages of the results reach next/previous when a result is what plays.
  useEffect(() => {
    if (songs.length > 0) player.send({ type: 'top.extend', songs });
  }, [songs, player]);

  const more = () => search.send({ type: 'page.next' });
  const footer = useLoadMore(!busy && !done && songs.length > 0, more, songs.length);
  const firstPage = busy && songs.length === 0;

  return (
    <div className="mp-search">
      <form
        className="mp-search__form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.send({ type: 'keyword.submit', keyword: draft });
        }}
      >
        <Search className="mp-search__icon" aria-hidden="true" />
        <input
          className="mp-search__input"
          type="search"
          value={draft}
          aria-label={text.search}
          placeholder={text.searchPlaceholder}
          enterKeyHint="search"
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="mp-search__submit">
          {text.searchButton}
        </button>
      </form>
      <div className="mp-search__results" data-scroll-root>
        {firstPage ? (
          <div className="mp-state">
            <Spinner size={40} />
          </div>
        ) : (
          <SongTable
            label={text.search}
            songs={songs}
            currentId={currentId}
            customList={customList}
            withAlias={false}
            onPlay={(index) => player.send({ type: 'track.select', songs, index })}
            onAdd={(song) => player.send({ type: 'custom.add', song })}
            empty={
              <div className="mp-state mp-state--empty">
                <Search aria-hidden="true" />
                <p>{text.searchEmpty}</p>
                <p className="mp-state__hint">{keyword ? text.noSongs : text.searchEmptyHint}</p>
              </div>
            }
          />
        )}
        {songs.length > 0 && (
          <div className="mp-footer" ref={footer}>
            {busy ? (
              <Spinner size={18} />
            ) : done ? (
              <span className="mp-footer__end">{text.searchNoMore}</span>
            ) : (
              <button type="button" className="mp-footer__more" onClick={more}>
                {failed ? text.loadListFailed : text.searchLoadMore}
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
