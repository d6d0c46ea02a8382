import { SCROLL_STYLE_RESET_MS, SMOOTH_SCROLL_S } from '@storefront/shared';

let cancelCurrent: (() => void) | null = null;
let resetTimer: ReturnType<typeof setTimeout> | null = null;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Lenis-like ease-out: fast start, long soft landing. */
const easeOutExpo = (p: number) => (p >= 1 ? 1 : 1 - 2 ** (-10 * p));

/** Height of the fixed chrome, so a hash target lands below the header instead of under it. */
function chromeOffset(): number {
  const spacer = document.querySelector<HTMLElement>('.sh-chrome-spacer');
  return spacer?.offsetHeight ?? 0;
}

/** The page offset of the element a hash names, or null when it is not (yet) in the page. */
export function hashTargetY(hash: string): number | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return null;
  const el = document.getElementById(id);
  if (!el) return null;
  return Math.max(0, el.getBoundingClientRect().top + window.scrollY - chromeOffset());
}

/** Jumps at once (navigation by a link click, spec §2). */
export function jumpTo(y: number): void {
  cancelCurrent?.();
  window.scrollTo({ top: y, left: 0, behavior: 'instant' });
}

/**
 * Scrolls smoothly to `y` (spec §2: 1.5 s smoothing, then the page's scroll-behaviour style is reset
 * 500 ms later). The frames are ours, so CSS `scroll-behavior` is forced to `auto` meanwhile; the
 * shopper's wheel, touch or key cancels it; reduced-motion users get a jump.
 */
export function smoothScrollTo(y: number): void {
  cancelCurrent?.();
  const root = document.documentElement;
  if (resetTimer) clearTimeout(resetTimer);
  root.style.scrollBehavior = 'auto';
  const startY = window.scrollY;
  const distance = y - startY;
  const resetStyle = () => {
    resetTimer = setTimeout(() => {
      root.style.removeProperty('scroll-behavior');
      resetTimer = null;
    }, SCROLL_STYLE_RESET_MS);
  };
  if (Math.abs(distance) < 1 || reducedMotion()) {
    window.scrollTo({ top: y, left: 0, behavior: 'instant' });
    resetStyle();
    return;
  }
  const duration = SMOOTH_SCROLL_S * 1000;
  const start = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('wheel', stop);
    window.removeEventListener('touchstart', stop);
    window.removeEventListener('keydown', stop);
    if (cancelCurrent === stop) cancelCurrent = null;
    resetStyle();
  };
  const step = (now: number) => {
    const p = Math.min(1, (now - start) / duration);
    window.scrollTo({ top: startY + distance * easeOutExpo(p), left: 0, behavior: 'instant' });
    if (p < 1) frame = requestAnimationFrame(step);
    else stop();
  };
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchstart', stop, { passive: true });
  window.addEventListener('keydown', stop);
  cancelCurrent = stop;
  frame = requestAnimationFrame(step);
}
