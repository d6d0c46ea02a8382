import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How long to wait before the one retry of a manifest or remote entry. */
export const RETRY_DELAY_MS = 300;

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One retry for a remote's manifest fetch and entry script, for the flaky mobile connection; a remote
 * that is really down still fails, and the shell then falls back to last-known-good. (Written here
 * instead of @module-federation/retry-plugin, which brought a second copy of the MF SDK: 7 KB gzip.)
 */
export const retryOncePlugin: ModuleFederationRuntimePlugin = {
  name: 'storefront-retry-once',
  async fetch(url, init) {
    try {
      const res = await fetch(url, init);
      // Only a server error is worth a second try; a 404 is an answer.
      if (res.status < 500) return res;
    } catch {
      /* network error: retried below */
    }
    await wait(RETRY_DELAY_MS);
    return fetch(url, init);
  },
  // The hook's declared type nests a promise in a promise; the runtime awaits whatever comes back.
  loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) => {
    // Forget the failed script so the runtime inserts a fresh one.
    delete globalLoading[uniqueKey];
    await wait(RETRY_DELAY_MS);
    return (await getRemoteEntry({ origin, remoteInfo, remoteEntryExports })) || undefined;
  }) as LoadEntryError,
};
