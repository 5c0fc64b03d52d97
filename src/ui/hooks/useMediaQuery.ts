import { useCallback, useSyncExternalStore } from 'react';
import { isMobileUserAgent } from '../../domain/shared/device';
import { subscribeNever, usePageData } from '../app/pageData';

/** Spec section 9: below this width the shell switches to its narrow-screen layout. */
export const NARROW_BREAKPOINT_PX = 798;

/** `serverGuess` answers on the server and while the page hydrates, so both render the same markup. */
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

/** A wide window on a non-mobile device; everything else gets the drawer and the back icon. */
export function useIsDesktop(): boolean {
  const guess = usePageData().seed?.desktop ?? true;
  const wide = useMediaQuery(`(min-width: ${NARROW_BREAKPOINT_PX}px)`, guess);
  const mobileDevice = useSyncExternalStore(
    subscribeNever,
    () => isMobileUserAgent(navigator.userAgent),
    () => !guess,
  );
  return wide && !mobileDevice;
}
