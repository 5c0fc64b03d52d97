import { createContext, useContext } from 'react';

/**
 * Popovers open inside the overlay's dialog, not at the end of <body>: the dialog's scroll lock would
 * otherwise swallow the wheel in a popover's list.
 */
export const PortalContainer = createContext<HTMLElement | null>(null);

export function usePortalContainer(): HTMLElement | undefined {
  return useContext(PortalContainer) ?? undefined;
}
