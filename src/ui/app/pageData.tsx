import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { PageSeed } from '../../ports/pageSeed';
import { TOKENS } from '../../ports/tokens';
import { useService } from '../di';

/**
 * The page's server-rendered data, seen by views. On the server `collect` remembers each load so the
 * render can wait for it; in the browser `seed` answers the same loads once, while the page hydrates.
 */
export interface PageData {
  seed: PageSeed | null;
  /**
   * Server only: cleans HTML made from Markdown (DOMPurify needs a browser's DOM; the server brings its own
   * sanitiser with the same rules).
   */
  sanitizeHtml?: (html: string) => string;
  /**
   * Server only: markup made from Markdown in an earlier render, by the Markdown and everything else it
   * depends on (a signed-in reader's article is rendered for each request: its body need not be).
   */
  keptMarkup?: KeptMarkup;
  /** Server only: the load's promise, one per key (React's `use` waits for it). */
  collect?: (key: string, load: () => Promise<unknown>) => Promise<LoadOutcome>;
}

export interface KeptMarkup {
  get(key: string): string | undefined;
  set(key: string, html: string): void;
}

export type LoadOutcome = { ok: true; data: unknown } | { ok: false };

const PageDataContext = createContext<PageData>({ seed: null });

export function PageDataProvider({ value, children }: { value: PageData; children: ReactNode }) {
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/** For a store that never changes in the browser, read differently on the server and while hydrating. */
export const subscribeNever = () => () => undefined;

/** False on the server and while the page hydrates, true from the first render after it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/** Set once the app has moved to another address (PageOutlet): the seed describes the first page only. */
let leftServerPage = false;

export function leaveServerPage(): void {
  leftServerPage = true;
}

/**
 * Whether a view mounting now stands on the page the server rendered, and may take its data from the seed.
 * Read once, at mount, without a store: a store whose browser value differs from the server's makes React
 * render every view that reads it again, urgently, once the view has hydrated (for the pages kept alive,
 * whose Activity hydrates after the rest, that was a whole list at once: the start-up's longest task on a
 * slow phone). A part hydrating late (a lazy boundary) is still on the server's page, as it must be.
 */
export function onServerPage(): boolean {
  return !leftServerPage;
}

/**
 * The moment a view's times count from ("3分钟前", the site's running days, the year). On the server and while
 * the page hydrates it is the moment the server rendered the page, so the text matches the markup (a copy kept
 * by the page cache may be a minute old; a mismatch would make React throw the page's markup away and render
 * it again, blank for a moment); from the first render after that, the reader's clock.
 */
export function useNow(): number {
  const clock = useService(TOKENS.clock);
  const { seed } = usePageData();
  const hydrated = useHydrated();
  return hydrated || !seed ? clock.now() : seed.renderedAt;
}
