import { useCallback, useSyncExternalStore } from 'react';
import { isMobileUserAgent } from '../../domain/shared/device';

/** Spec section 9: below this width the shell switches to its narrow-screen layout. */
export const NARROW_BREAKPOINT_PX = 798;

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** A wide window on a non-mobile device; everything else gets the drawer and the back icon. */
export function useIsDesktop(): boolean {
  const wide = useMediaQuery(`(min-width: ${NARROW_BREAKPOINT_PX}px)`);
  return wide && !isMobileUserAgent(navigator.userAgent);
}
