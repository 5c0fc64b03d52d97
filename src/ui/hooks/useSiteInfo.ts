import { useCallback, useSyncExternalStore } from 'react';
import type { SiteInfo } from '../../domain/site/site';
import type { SiteApi } from '../../ports/siteApi';
import { TOKENS } from '../../ports/tokens';
import { usePageData } from '../app/pageData';
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
  /** The view count the server answered when this visit was counted (see viewCounted). */
  private counted = 0;
  /** The count in the page the server rendered: what hydration must render, whenever the visit is counted. */
  private readonly served: number | null;

  /** `seeded`: the configuration the server rendered the page with, which is not fetched again. */
  constructor(
    private readonly api: SiteApi,
    seeded: SiteInfo | null,
  ) {
    this.served = seeded?.viewCount ?? null;
    if (seeded) {
      this.state = { info: seeded, failed: false };
      this.loading = Promise.resolve();
    }
  }

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

  /**
   * This visit was counted: show the count the server answered instead of fetching the whole
   * configuration again. Whichever of the two calls answers last, the larger count is the newer.
   * The configuration itself stays the same object, so only what shows the count renders again.
   */
  viewCounted(viewCount: number): void {
    this.counted = Math.max(this.counted, viewCount);
    this.notify();
  }

  readonly viewCount = (): number | null => {
    const { info } = this.state;
    return info ? Math.max(info.viewCount, this.counted) : null;
  };

  readonly servedViewCount = (): number | null => this.served;

  private update(next: SiteInfoState): void {
    this.state = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const stores = new WeakMap<SiteApi, SiteInfoStore>();

function useStore(): SiteInfoStore {
  const api = useService(TOKENS.siteApi);
  const { seed } = usePageData();
  let store = stores.get(api);
  if (!store) {
    store = new SiteInfoStore(api, seed?.config ?? null);
    stores.set(api, store);
  }
  return store;
}

export function useSiteInfoState(): SiteInfoState {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}

export function useSiteInfo(): SiteInfo | null {
  return useSiteInfoState().info;
}

/** The site's views, this visit's included once it is counted; null before the configuration is in. */
export function useSiteViewCount(): number | null {
  const store = useStore();
  // A part of the page hydrated after the visit was counted still starts from the server's count.
  return useSyncExternalStore(store.subscribe, store.viewCount, store.servedViewCount);
}

/** Re-reads the configuration. */
export function useRefreshSiteInfo(): () => Promise<void> {
  const store = useStore();
  return useCallback(() => store.refresh(), [store]);
}

/** Takes the view count answered when this visit was counted (spec: PUT /api/config/addView). */
export function useViewCounted(): (viewCount: number) => void {
  const store = useStore();
  return useCallback((viewCount: number) => store.viewCounted(viewCount), [store]);
}
