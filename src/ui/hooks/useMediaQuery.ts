import { useCallback, useSyncExternalStore } from 'react';

/**
 * `serverGuess` answers on the server and while the page hydrates, so both render the same markup. Only for
 * what the server's markup cannot show anyway (what a tap does, a part the app adds): a layout that depends
 * on the width is CSS's, as the header's is (header.css).
 */
export function useMediaQuery(query: string, serverGuess = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverGuess,
  );
}
