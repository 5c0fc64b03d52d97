import { useCallback, useSyncExternalStore } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { playerMachine } from '../../../domain/player/player.machine';
import type { PlayerLoader, PlayerRuntime } from '../../../ports/playerRuntime';
import { TOKENS } from '../../../ports/tokens';
import { useService } from '../../di';

/** The player runtime once something has loaded it, else null (re-renders once, when it arrives). */
export function usePlayerRuntime(): PlayerRuntime | null {
  const loader = useService(TOKENS.playerLoader);
  const subscribe = useCallback((listener: () => void) => loader.subscribe(listener), [loader]);
  return useSyncExternalStore(subscribe, loader.current, () => null);
}

/** Resolves once the player is no longer loading a song (a restored song loads as the runtime starts). */
export function whenSettled(player: ActorRefFrom<typeof playerMachine>): Promise<void> {
  return new Promise((resolve) => {
    if (!player.getSnapshot().hasTag('busy')) return resolve();
    const subscription = player.subscribe((snapshot) => {
      if (snapshot.hasTag('busy')) return;
      subscription.unsubscribe();
      resolve();
    });
  });
}

/** Loads the player (once) and runs `then` with it; a failed chunk is logged and the next use retries. */
export function withPlayer(loader: PlayerLoader, then: (runtime: PlayerRuntime) => void): void {
  loader.load().then(then, (error: unknown) => console.error('[player] failed to load', error));
}
