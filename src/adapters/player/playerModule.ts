import { ContainerModule } from 'inversify';
import type { MusicApi } from '../../ports/musicApi';
import type { Notifier } from '../../ports/notifier';
import type { PlayerLoader, PlayerRuntime } from '../../ports/playerRuntime';
import { TOKENS, type Services } from '../../ports/tokens';
import { createActorLoader } from '../actorLoader';
import type { RuntimeDeps } from './playerRuntime';
import { PLAYER_STORAGE_KEY } from './storageKey';

export { PLAYER_STORAGE_KEY };

type RuntimeModule = { createPlayerRuntime(deps: RuntimeDeps): PlayerRuntime };

export interface LoaderDeps extends RuntimeDeps {
  /** The runtime's chunk; `import('./playerRuntime')` in the browser. */
  importRuntime?: () => Promise<RuntimeModule>;
}

/**
 * The first-load half of the player: reads the saved song for the disc and loads the machines, the audio
 * element and the media session on first use, once. A failed chunk fetch can be retried by the next use.
 */
export function createPlayerLoader(deps: LoaderDeps): PlayerLoader {
  const { importRuntime = () => import('./playerRuntime'), ...runtimeDeps } = deps;
  return {
    ...createActorLoader(importRuntime, (module) => module.createPlayerRuntime(runtimeDeps)),
    savedState: () => deps.local.get(PLAYER_STORAGE_KEY),
  };
}

/** The player's one binding: a loader, so the first load carries no machine, audio or overlay code. */
export const playerModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.playerLoader)
    .toResolvedValue(
      (api: MusicApi, local: Services['localStore'], random: Services['random'], notifier: Notifier) =>
        createPlayerLoader({ api, local, random, notifier }),
      [TOKENS.musicApi, TOKENS.localStore, TOKENS.random, TOKENS.notifier],
    )
    .inSingletonScope();
});
