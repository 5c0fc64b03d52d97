import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/** One page of the console, at `/admin/<path>` (the empty path is `/admin` itself). */
export interface ConsoleSection {
  /** Relative to `/admin`, in react-router's pattern syntax (`articles/:id`). */
  path: string;
  Page: LazyExoticComponent<ComponentType>;
  /** Shown in the side navigation when given (a nested page such as the editor has none). */
  nav?: { label: string; icon: ReactNode };
}

/**
 * The console's pages, in the order of its navigation. Each area adds its own entries; every page is its
 * own chunk, fetched when the administrator first opens it.
 */
export const CONSOLE_SECTIONS: ConsoleSection[] = [];
