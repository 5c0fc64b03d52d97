/** The site's own statistics, told of the reader's in-app navigations (the first page is counted by the server). */
export interface PageViews {
  /** The reader moved to `path` (pathname and query) inside the app; sent when the browser is idle, never awaited. */
  viewed(path: string): void;
}
