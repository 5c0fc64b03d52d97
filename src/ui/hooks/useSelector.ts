import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { AnyActorRef } from 'xstate';

type SnapshotOf<TActor> = TActor extends { getSnapshot(): infer TSnapshot } ? TSnapshot : undefined;

/**
 * `@xstate/react`'s `useSelector`, on React's own `useSyncExternalStore`. The library's version carries
 * the React 17 shim of that hook and its selector helper into the entry chunk, the one script every reader
 * downloads first; these lines are a fraction of that. The console's lazy chunks still take
 * `useActorRef` from the library.

 */
export function useSelector<TActor extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> | undefined, T>(
  actor: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare: (a: T, b: T) => boolean = Object.is,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const { unsubscribe } = actor.subscribe({ next: onChange, error: onChange });
      return unsubscribe;
    },
    [actor],
  );
  const getSelection = useMemo(() => selectionOf(actor, selector, compare), [actor, selector, compare]);
  return useSyncExternalStore(subscribe, getSelection, getSelection);
}

/**
 * Reads the actor's snapshot through the selector: the same snapshot gives the same selection, and a new
 * selection `compare` finds equal to the last keeps the last one's identity.
 */
function selectionOf<TActor extends Pick<AnyActorRef, 'subscribe' | 'getSnapshot'> | undefined, T>(
  actor: TActor,
  selector: (snapshot: SnapshotOf<TActor>) => T,
  compare: (a: T, b: T) => boolean,
): () => T {
  let last: { snapshot: unknown; selection: T } | null = null;
  return () => {
    const snapshot = actor?.getSnapshot() as SnapshotOf<TActor>;
    if (snapshot && typeof snapshot === 'object' && 'status' in snapshot && snapshot.status === 'error') {
      throw (snapshot as { error: unknown }).error;
    }
    if (last && last.snapshot === snapshot) return last.selection;
    const selection = selector(snapshot);
    last = { snapshot, selection: last && compare(last.selection, selection) ? last.selection : selection };
    return last.selection;
  };
}
