import { use, useSyncExternalStore } from 'react';
import type { ActorLoader } from '../../ports/actorLoader';

/** The loader's actor, or null until its code has arrived and it has started (and in a server render). */
export function useCurrentActor<A>(loader: ActorLoader<A>): A | null {
  return useSyncExternalStore(loader.subscribe, loader.current, () => null);
}

/**
 * The loader's actor, for a part that needs it to render at all (a lazily loaded panel): it suspends until the
 * actor has started, fetching its code if nothing has yet.
 */
export function useLoadedActor<A>(loader: ActorLoader<A>): A {
  return loader.current() ?? use(loader.load());
}
