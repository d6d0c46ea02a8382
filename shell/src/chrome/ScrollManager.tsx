import { useEffect, useRef } from 'react';
import { useLocation } from '@storefront/shared/router';
import { hashTargetY, jumpTo, smoothScrollTo } from './scrolling';

/** A link click counts for the navigation that follows it within this window. */
const LINK_CLICK_WINDOW_MS = 1000;
/** How long to wait for a hash target rendered by a lazily loaded section. */
const HASH_WAIT_MS = 3000;
const HASH_POLL_MS = 100;

function isNavigatingLinkClick(e: MouseEvent): boolean {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  const a = (e.target as Element | null)?.closest?.('a[href]');
  if (!(a instanceof HTMLAnchorElement)) return false;
  if (a.target && a.target !== '_self') return false;
  return a.origin === window.location.origin;
}

/**
 * Spec §2 scrolling: on navigation the page scrolls smoothly to the top, or to the element matching the
 * URL hash — unless the navigation came from a link click, which lands at once (top or hash) like an
 * ordinary page load. Programmatic navigations (search, sign-in, logout, form redirects) and
 * back/forward get the smooth scroll.
 */
export function ScrollManager() {
  const location = useLocation();
  const lastLinkClick = useRef(0);
  const first = useRef(true);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (isNavigatingLinkClick(e)) lastLinkClick.current = Date.now();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    const fromLink = Date.now() - lastLinkClick.current < LINK_CLICK_WINDOW_MS;
    lastLinkClick.current = 0;
    const isFirst = first.current;
    first.current = false;
    // The first render is a page load: the browser starts at the top; only a hash needs work.
    if (isFirst && !location.hash) return undefined;
    const go = fromLink ? jumpTo : smoothScrollTo;
    if (!location.hash) {
      go(0);
      return undefined;
    }
    let waited = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const tryHash = () => {
      const y = hashTargetY(location.hash);
      if (y !== null) go(y);
      else if (waited < HASH_WAIT_MS) {
        waited += HASH_POLL_MS;
        timer = setTimeout(tryHash, HASH_POLL_MS);
      }
    };
    tryHash();
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, [location.key, location.pathname, location.search, location.hash]);

  return null;
}
