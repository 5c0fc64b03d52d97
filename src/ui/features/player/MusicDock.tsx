import { useSelector } from '../../hooks/useSelector';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { savedSongSummary } from '../../../domain/player/persistence';
import type { PlayerRuntime } from '../../../ports/playerRuntime';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';
import { useOnceTrue } from '../../hooks/lazyPart';
import { useHydrated } from '../../app/pageData';
import * as zhCN from '../../../i18n/zh-CN';
import { playerOverlay } from './lazyParts';
import { DiscView, LiveDisc } from './MusicDisc';
import { usePlayerRuntime, whenSettled, withPlayer } from './usePlayerRuntime';

const HINT_KEY = 'musicHintShown';
/** The hint waits for the welcome toast so the two arrive in order. */
const HINT_DELAY_MS = 1200;

/**
 * The global music player in the layout, outside the page outlet so it keeps playing across routes: the
 * disc (first load) and, once the player has been opened, its overlay (a lazy chunk).
 */
export function MusicDock() {
  const loader = useService(TOKENS.playerLoader);
  const runtime = usePlayerRuntime();
  const { search } = useLocation();
  const wantsSpecial = useMemo(() => new URLSearchParams(search).has('showSpecial'), [search]);

  useStartHint();

  // Spec: `?showSpecial` opens the player and the lyric board in SPECIAL mode, on any page.
  useEffect(() => {
    if (!wantsSpecial) return;
    playerOverlay.preload();
    withPlayer(loader, ({ player }) => player.send({ type: 'board.special' }));
  }, [wantsSpecial, loader]);

  const open = () => {
    playerOverlay.preload();
    withPlayer(loader, ({ player }) => player.send({ type: 'player.show', show: true }));
  };
  const toggle = () =>
    withPlayer(loader, ({ player }) => {
      // A restored song is still loading when the runtime starts: the click applies once it is ready.
      void whenSettled(player).then(() => {
        if (player.getSnapshot().context.current) player.send({ type: 'playback.toggle' });
        else player.send({ type: 'player.show', show: true });
      });
    });

  if (!runtime) {
    return <SavedDisc onOpen={open} onToggle={toggle} onIntent={() => loader.preload()} />;
  }
  return <LiveDock runtime={runtime} onOpen={open} onToggle={toggle} />;
}

/**
 * Before the runtime: the saved song, read once from storage. Storage is the browser's, so the server's
 * markup (and hydration) shows the idle disc and the saved song follows in the first render after it.
 */
function SavedDisc(props: { onOpen(): void; onToggle(): void; onIntent(): void }) {
  const loader = useService(TOKENS.playerLoader);
  const hydrated = useHydrated();
  const saved = useMemo(() => (hydrated ? savedSongSummary(loader.savedState()) : null), [loader, hydrated]);
  return <DiscView song={saved?.song ?? null} playing={false} busy={false} {...props} />;
}

function LiveDock({ runtime, onOpen, onToggle }: { runtime: PlayerRuntime; onOpen(): void; onToggle(): void }) {
  const showPlayer = useSelector(runtime.player, (snapshot) => snapshot.context.showPlayer);
  const opened = useOnceTrue(showPlayer);
  const Overlay = playerOverlay.Component;
  return (
    <>
      {!showPlayer && <LiveDisc runtime={runtime} onOpen={onOpen} onToggle={onToggle} />}
      {opened && (
        <Suspense fallback={null}>
          <Overlay runtime={runtime} />
        </Suspense>
      )}
    </>
  );
}

/** "左下角可以听听音乐哦", once per visit (this tab's session). */
function useStartHint() {
  const notifier = useService(TOKENS.notifier);
  const tab = useService(TOKENS.sessionStore);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || tab.get<boolean>(HINT_KEY)) return;
    const timer = window.setTimeout(() => {
      done.current = true;
      tab.set(HINT_KEY, true);
      notifier.notify({ level: 'info', title: zhCN.disc.startHintTitle, message: zhCN.disc.startHint });
    }, HINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [notifier, tab]);
}
