import type { RootStore } from './stores/RootStore';

/** Where a page is being shown: the URL's path, its query string (with `?`, or empty) and the route's parameters. */
export interface PageLocation {
  pathname: string;
  search: string;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * A page's first-screen data (issue 8). A page a remote exposes may export `load` beside its
 * component: the reads its own effects make on arrival, as one function. The shell calls it for a
 * server render (before rendering, so the markup holds the data) and in the browser before
 * hydrating (the server's answers make it immediate); the page's effects call it too, so there is
 * one list of reads per page. It rejects only when the page cannot be shown (a product that does
 * not exist): the host then serves the page without a server render.
 */
export type PageLoader = (session: RootStore, at: PageLocation) => Promise<void>;

/** An exposed page: its component, and optionally its loader. */
export interface PageModule<P = Record<string, unknown>> {
  default: import('react').ComponentType<P>;
  load?: PageLoader;
}
