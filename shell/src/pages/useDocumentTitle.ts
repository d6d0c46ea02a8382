import { useEffect } from 'react';
import { useStores } from '@storefront/shared';

/** Sets the tab title to "<page> | <store name>" while the page is shown. */
export function useDocumentTitle(title: string): void {
  const { storeInfo } = useStores();
  const name = storeInfo.storeName;
  useEffect(() => {
    const before = document.title;
    document.title = `${title} | ${name}`;
    return () => {
      document.title = before;
    };
  }, [title, name]);
}
