/**
 * react-toastify is loaded on demand: no toast shows before the first page has painted, so its ~10 KB
 * gzip stays out of the first screen's script. The shopper's first tap or key, or the first `notify`,
 * starts the download; toasts raised before the container has mounted wait in react-toastify's own
 * queue and appear when it mounts. Once loaded, everything is synchronous again.
 */
import { loadOnce } from '../loadOnce';

type Toastify = typeof import('react-toastify');

let loaded: Toastify | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Fetched once; a failed download is forgotten, so the next toast (or tap) tries again. */
const fetchToastify = loadOnce(() => (loaded ? Promise.resolve(loaded) : import('react-toastify').then((m) => (loaded = m))));

/** The react-toastify module, fetched once. */
export function loadToastify(): Promise<Toastify> {
  return fetchToastify();
}

/** The module when it has arrived, else `null`. */
export function loadedToastify(): Toastify | null {
  return loaded;
}

/** For tests: hands in the module that is already imported, so toasts render synchronously. */
export function primeToastify(m: Toastify): void {
  loaded = m;
}

/** Asks the toast host to mount its container now (a toast is on its way). */
export function requestToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const l of listeners) l();
}

export function toastHostWanted(): boolean {
  return wanted;
}

export function subscribeToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
