/**
 * Wraps a dynamic import (a chunk the page needs only on first use) so it is fetched once and shared
 * by every caller; a failed fetch is forgotten, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    }));
}
