import { useSelector } from '@xstate/react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { zhCN } from '../../i18n/zh-CN';
import type { OverlayProps } from './overlayProps';

const LyricBoard = lazy(() => import('./board/LyricBoard'));

/** The music overlay (first version): the dialog and the lyric board's slot. */
export default function PlayerOverlay({ runtime }: OverlayProps) {
  const { player, audio } = runtime;
  const showPlayer = useSelector(player, (snapshot) => snapshot.context.showPlayer);
  const showBoard = useSelector(player, (snapshot) => snapshot.context.showLyricBoard);
  return (
    <Dialog.Root open={showPlayer} onOpenChange={(open) => player.send({ type: 'player.show', show: open })}>
      <Dialog.Portal>
        <Dialog.Content className="mp" aria-describedby={undefined}>
          <Dialog.Title>{zhCN.music.player}</Dialog.Title>
          {showBoard && (
            <Suspense fallback={null}>
              <LyricBoard player={player} audio={audio} />
            </Suspense>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
