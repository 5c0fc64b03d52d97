import { createElement, lazy, useState, type ComponentType } from 'react';
import { prefetchWhenIdle, type IdlePart } from './idlePrefetch';

export interface LazyPart<P> {
  Component: ComponentType<P>;
  /** Starts fetching the chunk early, on the first sign of intent (hover, focus). */
  preload(): void;
  /** Fetches the chunk ahead of use; resolves when it is in or its fetch failed (first use then retries). */
  prefetch(): Promise<void>;
}

export interface LazyPartOptions {
  /** Fetch the chunk when the browser is idle after the page has loaded (see useIdlePrefetch). */
  idle?: IdlePart;
}

type Module<P> = { default: ComponentType<P> };

/**
 * A piece of the page fetched on first use so it stays out of the first load. A failed fetch raises
 * the same signal as a failed page chunk and renders nothing.
 *
 * Once the chunk is in (prefetched, or used before), the part renders at once. Through `React.lazy` it
 * would suspend for a tick even then, and React holds back the reveal of a suspended boundary for up to
 * 300 ms: the first open of a prefetched dialog would still wait.
 */
export function lazyPart<P extends object>(load: () => Promise<Module<P>>, options: LazyPartOptions = {}): LazyPart<P> {
  let ready: ComponentType<P> | undefined;
  // The fetch under way or done, shared by a prefetch and the first use; a failed one is forgotten.
  let fetching: Promise<Module<P>> | undefined;
  const fetchCode = () =>
    (fetching ??= load().then(
      (module) => {
        ready = module.default;
        return module;
      },
      (error: unknown) => {
        fetching = undefined;
        throw error;
      },
    ));
  let loading: Promise<Module<P>> | undefined;
  const fetchOnce = () =>
    (loading ??= fetchCode().catch((error: unknown) => {
      window.dispatchEvent(new CustomEvent('vite:preloadError', { detail: error }));
      return { default: () => null };
    }));
  const prefetch = () =>
    fetchCode().then(
      () => undefined,
      () => undefined,
    );
  if (options.idle) prefetchWhenIdle(options.idle, prefetch);

  const Lazy = lazy(fetchOnce);
  function Part(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module's component would remount it.
    const [type] = useState<ComponentType<P>>(() => ready ?? Lazy);
    return createElement(type, props);
  }
  return { Component: Part, preload: () => void fetchOnce(), prefetch };
}

/** True from the first render where `value` is true on: a lazily mounted overlay then stays mounted. */
export function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}
