import type { KeyValueStore } from '../../ports/keyValueStore';

/**
 * Two tabs do not fight over the player: the tab that last started playback holds the lease; only it saves
 * the player's state, and the others are told to pause when it starts.
 */
export interface TabLease {
  /** This tab starts playing: take the lease and tell the other tabs. */
  claim(): void;
  /** Whether this tab may save: it holds the lease, or no tab ever played. */
  mayWrite(): boolean;
  /** Called when another tab claims the lease. */
  onLost(listener: () => void): () => void;
}

export const LEASE_KEY = 'playerOwner';
const CHANNEL = 'blog-player';

function newTabId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function createTabLease(store: KeyValueStore, id: string = newTabId()): TabLease {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  // Node's BroadcastChannel (tests, server render) must not keep the process alive.
  (channel as { unref?: () => void } | null)?.unref?.();
  const listeners = new Set<() => void>();
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; id?: unknown } | null;
    if (data?.type === 'claim' && data.id !== id) listeners.forEach((listener) => listener());
  });
  return {
    claim() {
      store.set(LEASE_KEY, id);
      channel?.postMessage({ type: 'claim', id });
    },
    mayWrite() {
      const owner = store.get<string>(LEASE_KEY);
      return owner === undefined || owner === id;
    },
    onLost(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
