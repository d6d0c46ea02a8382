import { useEffect } from 'react';
import { MESSAGES, reportError, useStores, type StoreInfoStore } from '@storefront/shared';

/** Store info is usable once there is data (fresh or restored) or the fetch has failed. */
export function storeInfoReady(storeInfo: StoreInfoStore): boolean {
  return !!storeInfo.data || !!storeInfo.error;
}

/**
 * The store info (categories, theme, phone) the catalog pages read. The shell fetches it at start; a
 * page rendered without the shell (standalone, tests) fetches it here once. `ready` turns true when
 * there is data (fresh or restored) or the fetch has failed, so a page waiting for the category ids
 * never waits for ever.
 */
export function useStoreInfo(): { storeInfo: StoreInfoStore; ready: boolean } {
  const { storeInfo } = useStores();
  const needsFetch = !storeInfo.data && !storeInfo.loading && !storeInfo.error;
  useEffect(() => {
    if (needsFetch) storeInfo.fetch().catch((err: unknown) => reportError(err, MESSAGES.storeInfoFailed));
  }, [needsFetch, storeInfo]);
  return { storeInfo, ready: storeInfoReady(storeInfo) };
}
