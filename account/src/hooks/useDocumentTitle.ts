import { useEffect } from 'react';

/** Sets the tab title for the page ("Sign In | Storefront") and restores the previous one on leave. */
export function useDocumentTitle(title: string, storeName?: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = storeName ? `${title} | ${storeName}` : title;
    return () => {
      document.title = previous;
    };
  }, [title, storeName]);
}
