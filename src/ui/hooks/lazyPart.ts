import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

export interface LazyPart<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts fetching the chunk early, on the first sign of intent (hover, focus). */
  preload(): void;
}

/**
 * A piece of the page fetched on first use so it stays out of the first load. A failed fetch raises
 * the same signal as a failed page chunk and renders nothing.
 */
export function lazyPart<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      window.dispatchEvent(new CustomEvent('vite:preloadError', { detail: error }));
      return { default: () => null };
    }));
  return { Component: lazy(fetchOnce), preload: () => void fetchOnce() };
}

/** True from the first render where `value` is true on: a lazily mounted overlay then stays mounted. */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
