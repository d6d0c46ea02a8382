import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False on the server and while React hydrates the server's markup; true from the render right after
 * hydration, and in every render that is not a hydration (a client navigation, a page rendered in the
 * browser). What only the browser knows (router state kept across a reload, storage, the clock) goes into
 * a page behind it, so the browser's first frame is the one the server sent and hydration finds no
 * mismatch; React renders again with the browser's value at once after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
