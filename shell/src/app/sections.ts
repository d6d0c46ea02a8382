import { createContext, useContext, useEffect } from 'react';
import type { PageModule } from '@storefront/shared';

/**
 * How the shell gets the pages and overlays remotes expose. In the browser: Module Federation at run
 * time (startup/federation.ts). On the server: the host's loader of each remote's server build, with
 * the page already loaded before rendering. Routing and layout render the same either way.
 */
export interface SectionLoader {
  /** Loads an exposed module (concurrent callers share one load). */
  load(remote: string, module: string): Promise<PageModule>;
  /** The module if it is already here, so it renders without a Suspense fallback (and hydrates at once). */
  peek(remote: string, module: string): PageModule | undefined;
  /** Forgets a failed remote, so Retry starts over. */
  reset(remote: string): void;
}

export const SectionLoaderContext = createContext<SectionLoader | null>(null);

export function useSectionLoader(): SectionLoader {
  const loader = useContext(SectionLoaderContext);
  if (!loader) throw new Error('useSectionLoader: no SectionLoaderContext above (App provides it)');
  return loader;
}

/**
 * Told once the first page's own content has committed (hydrated). React hydrates each Suspense
 * boundary after the root, so the root's first commit is too early: the page inside the boundary
 * would then hydrate against the shopper's saved session instead of the server's guest view.
 */
export const FirstCommitContext = createContext<(() => void) | null>(null);

/** Placed after a page inside its boundary: its effect runs once the page's content has committed. */
export function FirstCommitMark() {
  const done = useContext(FirstCommitContext);
  useEffect(() => done?.(), [done]);
  return null;
}
