import { useEffect } from 'react';
import { useLocation } from '@storefront/shared/router';
import { signalView } from './signals';

/** Counts a page view per route change (a search or hash change on the same page is not a new view). */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => signalView(pathname), [pathname]);
  return null;
}
