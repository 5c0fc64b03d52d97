/**
 * Loads once and shares the answer with every caller; a failed load (the network dropped the chunk) is
 * tried again on the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
}
