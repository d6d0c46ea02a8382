import { useEffect, useState } from 'react';
import { HEADER_SHRINK_PX, TOP_BAR_SCROLL_PX } from '@storefront/shared';

/** What the fixed chrome shows for the current scroll position (spec §2 "Shell"). */
export interface ScrollChrome {
  /** The top bar has slid out of view. */
  topBarHidden: boolean;
  /** Scrolling has started: the header gets its shadow. */
  scrolled: boolean;
  /** Past 60 px: the header shrinks. */
  shrunk: boolean;
  /**
   * Where the last direction change was measured from. The top bar hides after the page moved down more
   * than 12 px from it and comes back after it moved up more than 12 px (or at the top).
   */
  anchorY: number;
}

export const INITIAL_SCROLL: ScrollChrome = { topBarHidden: false, scrolled: false, shrunk: false, anchorY: 0 };

/** The next state for a scroll position; returns `prev` itself when nothing visible changed. */
export function nextScrollChrome(prev: ScrollChrome, rawY: number): ScrollChrome {
  const y = Math.max(0, rawY);
  let { topBarHidden, anchorY } = prev;
  if (y <= TOP_BAR_SCROLL_PX) {
    // Near the top: shown, and the way down is measured from the top itself.
    topBarHidden = false;
    anchorY = 0;
  } else if (topBarHidden) {
    // Hidden: follow the page down, reappear once it comes back up by more than the threshold.
    if (y > anchorY) anchorY = y;
    else if (anchorY - y > TOP_BAR_SCROLL_PX) {
      topBarHidden = false;
      anchorY = y;
    }
  } else if (y < anchorY) {
    anchorY = y;
  } else if (y - anchorY > TOP_BAR_SCROLL_PX) {
    topBarHidden = true;
    anchorY = y;
  }
  const scrolled = y > 0;
  const shrunk = y > HEADER_SHRINK_PX;
  if (topBarHidden === prev.topBarHidden && scrolled === prev.scrolled && shrunk === prev.shrunk && anchorY === prev.anchorY) return prev;
  return { topBarHidden, scrolled, shrunk, anchorY };
}

/**
 * Follows the window's scroll position. One passive listener; React skips the render when the
 * reducer returns the same state, so most scroll events cost a few comparisons.
 */
export function useScrollChrome(): ScrollChrome {
  // The first render is the server's (hydration keeps the server's attributes): the effect below reads
  // the position right after, for a page scrolled before its scripts ran.
  const [state, setState] = useState<ScrollChrome>(INITIAL_SCROLL);
  useEffect(() => {
    const onScroll = () => setState((prev) => nextScrollChrome(prev, window.scrollY));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return state;
}
