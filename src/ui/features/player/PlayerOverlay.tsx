import { useSelector } from '../../hooks/useSelector';
import { Disc3, Mic2, Moon, Sun, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PlayerRuntime } from '../../../ports/playerRuntime';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import * as zhCN from '../../../i18n/zh-CN';
import { useTheme } from '../../shell/useTheme';
import { BottomBar } from './BottomBar';
import { artistLine } from './cover';
import { Cover } from './Cover';
import type { OverlayProps } from './overlayProps';
import './overlay.css';
import { PortalContainer } from './portal';
import { SongTable } from './SongTable';
import { Spinner } from './Spinner';
import { useAutoHide } from './useAutoHide';
import { useLoadMore } from './useLoadMore';
import { usePlayerKeys } from './usePlayerKeys';

const LyricBoard = lazy(() => import('./board/LyricBoard'));

const text = zhCN.music;

/**
 * The music overlay: playlists as cover tiles on the left, the chosen list's songs on the right, the
 * control bar at the bottom; a glass panel over the blurred cover of the song. A full-screen sheet on a phone.
 */
export default function PlayerOverlay({ runtime }: OverlayProps) {
  const { player, playlist, audio } = runtime;
  const showPlayer = useSelector(player, (snapshot) => snapshot.context.showPlayer);
  const showBoard = useSelector(player, (snapshot) => snapshot.context.showLyricBoard);
  const song = useSelector(player, (snapshot) => snapshot.context.current);
  const touch = useMediaQuery('(pointer: coarse)');
  const bar = useAutoHide(showPlayer && !touch);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const { theme, toggle } = useTheme();

  // The playlists are fetched on first open (and again after a failure).
  useEffect(() => {
    if (showPlayer && playlist.getSnapshot().matches('dormant')) playlist.send({ type: 'playlists.load' });
    if (showPlayer && playlist.getSnapshot().matches('playlistsFailed')) playlist.send({ type: 'playlists.load' });
  }, [showPlayer, playlist]);

  usePlayerKeys(runtime, showPlayer);

  return (
    <Dialog.Root open={showPlayer} onOpenChange={(open) => player.send({ type: 'player.show', show: open })}>
      <Dialog.Portal>
        <Dialog.Overlay className="mp-backdrop" />
        <Dialog.Content
          ref={setContent}
          className="mp"
          aria-describedby={undefined}
          onPointerMove={bar.wake}
          onPointerDown={bar.wake}
          onOpenAutoFocus={(event) => {
            // Focus the panel itself: space and the arrows work at once, no button lights up.
            event.preventDefault();
            content?.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (!player.getSnapshot().context.showLyricBoard) return;
            event.preventDefault();
            player.send({ type: 'board.show', show: false });
          }}
        >
          <div className="mp__art" aria-hidden="true">
            <Cover url={song?.cover ?? ''} px={400} className="mp__art-image" />
          </div>
          <PortalContainer.Provider value={content}>
            <header className="mp__head">
              <Disc3 className="mp__logo" aria-hidden="true" />
              <div className="mp__heading">
                <Dialog.Title className="mp__title">{text.player}</Dialog.Title>
                {song && (
                  <p className="mp__now">
                    <span className="mp__now-label">{text.nowPlaying}</span>
                    {song.name} · {artistLine(song.artists, zhCN.disc.unknownArtist)}
                  </p>
                )}
              </div>
              <div className="mp__head-actions">
                <button
                  type="button"
                  className="mp-icon-button"
                  aria-label={text.openLyricBoard}
                  title={text.openLyricBoard}
                  onClick={() => player.send({ type: 'board.show', show: true })}
                >
                  <Mic2 aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="mp-icon-button"
                  role="switch"
                  aria-checked={theme === 'dark'}
                  aria-label={text.toggleTheme(theme === 'dark' ? zhCN.theme.light : zhCN.theme.dark)}
                  title={text.toggleTheme(theme === 'dark' ? zhCN.theme.light : zhCN.theme.dark)}
                  onClick={toggle}
                >
                  {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
                </button>
                <Dialog.Close className="mp-icon-button" aria-label={text.closePlayer} title={text.closePlayer}>
                  <X aria-hidden="true" />
                </Dialog.Close>
              </div>
            </header>
            <div className="mp__body">
              <Playlists runtime={runtime} />
              <Songs runtime={runtime} />
            </div>
            <div
              onPointerEnter={() => bar.hold('pointer', true)}
              onPointerLeave={() => bar.hold('pointer', false)}
              // Keyboard focus keeps the bar; a mouse click's focus does not.
              onFocusCapture={(event) => bar.hold('focus', event.target.matches(':focus-visible'))}
              onBlurCapture={() => bar.hold('focus', false)}
            >
              <BottomBar runtime={runtime} visible={bar.visible} onHold={bar.hold} />
            </div>
            {showBoard && (
              <Suspense fallback={<div className="mp-state mp-board-loading"><Spinner size={48} /></div>}>
                <LyricBoard player={player} audio={audio} />
              </Suspense>
            )}
          </PortalContainer.Provider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The classified playlists as cover tiles; the fourth is chosen first. */
function Playlists({ runtime }: { runtime: PlayerRuntime }) {
  const { playlist } = runtime;
  const playlists = useSelector(playlist, (snapshot) => snapshot.context.playlists);
  const selectedId = useSelector(playlist, (snapshot) => snapshot.context.selectedId);
  const loading = useSelector(playlist, (snapshot) => snapshot.matches('loadingPlaylists') || snapshot.matches('dormant'));
  const failed = useSelector(playlist, (snapshot) => snapshot.matches('playlistsFailed'));
  return (
    <nav className="mp-lists" aria-label={text.playlists}>
      <h2 className="mp-section-title">{text.playlists}</h2>
      {loading ? (
        <div className="mp-lists__grid" aria-hidden="true">
          {Array.from({ length: 5 }, (_, index) => (
            <span key={index} className="mp-tile mp-tile--skeleton" />
          ))}
        </div>
      ) : failed ? (
        <button type="button" className="mp-footer__more" onClick={() => playlist.send({ type: 'playlists.load' })}>
          {text.loadListFailed}
        </button>
      ) : (
        <ul className="mp-lists__grid">
          {playlists.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="mp-tile"
                aria-pressed={item.id === selectedId}
                onClick={() => playlist.send({ type: 'playlist.select', id: item.id })}
              >
                <Cover url={item.coverImgUrl} px={200} className="mp-tile__cover" />
                <span className="mp-tile__name">{item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/** The chosen playlist's songs, 30 a page, more on scroll or click; pages reach the player's next/previous. */
function Songs({ runtime }: { runtime: PlayerRuntime }) {
  const { player, playlist } = runtime;
  const songs = useSelector(playlist, (snapshot) => snapshot.context.songs);
  const done = useSelector(playlist, (snapshot) => snapshot.context.done);
  const busy = useSelector(playlist, (snapshot) => snapshot.hasTag('busy'));
  const failed = useSelector(playlist, (snapshot) => snapshot.matches({ browsing: 'failed' }));
  const browsing = useSelector(playlist, (snapshot) => snapshot.matches('browsing'));
  const name = useSelector(playlist, (snapshot) => snapshot.context.playlists.find((item) => item.id === snapshot.context.selectedId)?.name ?? '');
  const currentId = useSelector(player, (snapshot) => snapshot.context.current?.id ?? null);
  const customList = useSelector(player, (snapshot) => snapshot.context.customList);

  useEffect(() => {
    if (songs.length > 0) player.send({ type: 'top.extend', songs });
  }, [songs, player]);

  const more = () => playlist.send({ type: 'page.next' });
  const footer = useLoadMore(browsing && !busy && !done && !failed && songs.length > 0, more, songs.length);

  return (
    <section className="mp-songs" aria-label={text.songs}>
      <h2 className="mp-section-title">
        {name || text.songs}
        {songs.length > 0 && <span className="mp-section-title__count">{songs.length}</span>}
      </h2>
      <div className="mp-songs__scroll" data-scroll-root>
        {busy && songs.length === 0 ? (
          <div className="mp-state">
            <Spinner size={44} />
          </div>
        ) : (
          <SongTable
            label={name || text.songs}
            songs={songs}
            currentId={currentId}
            customList={customList}
            withAlias
            onPlay={(index) => player.send({ type: 'track.select', songs, index })}
            onAdd={(song) => player.send({ type: 'custom.add', song })}
          />
        )}
        {browsing && (songs.length > 0 || done || failed) && (
          <div className="mp-footer" ref={footer}>
            {busy ? (
              <Spinner size={18} />
            ) : done ? (
              <span className="mp-footer__end">{text.noMore}</span>
            ) : (
              <button type="button" className="mp-footer__more" onClick={more}>
                {failed ? text.loadListFailed : text.loadMore}
              </button>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
