import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;
const browserValue = () => true;
const serverValue = () => false;

/**
 * False on the server and while a component hydrates (React reads a store's server snapshot then);
 * true from the render right after, and in every render that is not a hydration (a client navigation,
 * a page rendered in the browser). What only the browser knows (router state kept across a reload,
 * storage, the clock) goes behind it, so hydration finds the server's markup and then renders again.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, browserValue, serverValue);
}
