import type { ActorLoader } from '../ports/actorLoader';
import { loadOnce } from './loadOnce';

/**
 * An actor made from a chunk: `fetchCode` imports it, `start` builds (and in the browser starts) the actor from
 * it. A failed fetch is retried by the next call.
 */
export function createActorLoader<M, A>(fetchCode: () => Promise<M>, start: (module: M) => A): ActorLoader<A> {
  const listeners = new Set<() => void>();
  let actor: A | null = null;
  const code = loadOnce(fetchCode);
  const load = loadOnce(() =>
    code().then((module) => {
      actor = start(module);
      listeners.forEach((listener) => listener());
      return actor;
    }),
  );
  return {
    load,
    preload: () =>
      code().then(
        () => undefined,
        () => undefined,
      ),
    current: () => actor,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
