import { createContext, useContext, type ReactNode } from 'react';
import type { Container } from 'inversify';
import type { ServiceFor, Token } from '../ports/tokens';

const ContainerContext = createContext<Container | null>(null);

export function ServicesProvider({ container, children }: { container: Container; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** Resolves a port or long-lived actor from the container the app was started with. */
export function useService<T extends Token>(token: T): ServiceFor<T> {
  const container = useContext(ContainerContext);
  if (!container) throw new Error('useService outside ServicesProvider');
  return container.get<ServiceFor<T>>(token);
}
