import { useSyncExternalStore } from 'react';
import { isHydrating, onHydrated } from './HydrationSlice';

const browserValue = () => !isHydrating();
const serverValue = () => false;

/**
 * False on the server and while the server's markup hydrates (every slice of it, see HydrationSlice);
 * true from the render right after hydration, and in every render that is not a hydration (a client
 * navigation, a page rendered in the browser). What only the browser knows (router state kept across a
 * reload, storage, the clock) goes into a page behind it, so the browser's first frame is the one the
 * server sent and hydration finds no mismatch; the page renders again with the browser's value after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(onHydrated, browserValue, serverValue);
}
