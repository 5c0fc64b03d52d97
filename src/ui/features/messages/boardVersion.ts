import { useSyncExternalStore } from 'react';

/**
 * Counts changes to the message board made in this tab. The list page is kept alive, so it would
 * otherwise show what it loaded before a post was published, edited or deleted elsewhere.
 */
let version = 0;
const listeners = new Set<() => void>();

export function boardChanged(): void {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBoardVersion(): number {
  return useSyncExternalStore(subscribe, () => version, () => version);
}
