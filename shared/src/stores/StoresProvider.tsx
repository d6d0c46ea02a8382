import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './RootStore';

const StoresContext = createContext<RootStore | null>(null);

/** Provides the page's one RootStore to every section (mounted once by the shell). */
export function StoresProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoresContext.Provider value={store}>{children}</StoresContext.Provider>;
}

/**
 * The session from any section. Throws when there is no provider: a remote rendered outside the shell
 * (or with a second copy of `@storefront/shared`, which the federation config must prevent).
 */
export function useStores(): RootStore {
  const store = useContext(StoresContext);
  if (!store) throw new Error('useStores() outside StoresProvider: is @storefront/shared shared as a singleton?');
  return store;
}
