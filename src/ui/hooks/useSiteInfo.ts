import { useCallback, useSyncExternalStore } from 'react';
import type { SiteInfo } from '../../domain/site/site';
import type { SiteApi } from '../../ports/siteApi';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';

export interface SiteInfoState {
  info: SiteInfo | null;
  /** The last fetch failed and nothing was loaded before it. */
  failed: boolean;
}

/** One shared copy of `GET /api/config` for the header, footer and home page. */
class SiteInfoStore {
  private state: SiteInfoState = { info: null, failed: false };
  private readonly listeners = new Set<() => void>();
  private loading: Promise<void> | null = null;

  constructor(private readonly api: SiteApi) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (!this.loading) void this.refresh();
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): SiteInfoState => this.state;

  refresh(): Promise<void> {
    this.loading = this.api.config().then(
      (info) => this.update({ info, failed: false }),
      // The HTTP adapter has already told the reader; keep whatever was shown before.
      () => this.update({ info: this.state.info, failed: this.state.info === null }),
    );
    return this.loading;
  }

  private update(next: SiteInfoState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<SiteApi, SiteInfoStore>();

function storeFor(api: SiteApi): SiteInfoStore {
  let store = stores.get(api);
  if (!store) {
    store = new SiteInfoStore(api);
    stores.set(api, store);
  }
  return store;
}

export function useSiteInfoState(): SiteInfoState {
  const store = storeFor(useService(TOKENS.siteApi));
  return useSyncExternalStore(store.subscribe, store.snapshot);
}

export function useSiteInfo(): SiteInfo | null {
  return useSiteInfoState().info;
}

/** Re-reads the configuration (the view count moves once the session has counted this visit). */
export function useRefreshSiteInfo(): () => Promise<void> {
  const store = storeFor(useService(TOKENS.siteApi));
  return useCallback(() => store.refresh(), [store]);
}
