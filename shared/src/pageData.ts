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

/**
 * Thrown by a page's `load` when what the URL names does not exist (an unknown product slug): the
 * server answers 404 with the not-found page. Any other rejection is a failure to load, which the
 * server leaves to the browser (spec §2: it then sends the shopper to /not-found).
 */
export class PageNotFoundError extends Error {
  /** Checked by name too: a remote's server build may carry its own copy of this class. */
  readonly pageNotFound = true;

  constructor(message: string) {
    super(message);
    this.name = 'PageNotFoundError';
  }
}

/** Whether a page's `load` rejected because its subject does not exist. */
export function isPageNotFound(err: unknown): boolean {
  return (
    err instanceof PageNotFoundError ||
    (typeof err === 'object' && err !== null && (err as { pageNotFound?: unknown }).pageNotFound === true)
  );
}
