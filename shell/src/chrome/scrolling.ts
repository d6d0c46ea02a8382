import { SCROLL_STYLE_RESET_MS, SMOOTH_SCROLL_S } from '@storefront/shared';

let cancelCurrent: (() => void) | null = null;
let resetTimer: ReturnType<typeof setTimeout> | null = null;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** What the shopper does that takes the scroll over from a smooth scroll in progress. */
const SHOPPER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

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

function clampedByShorterPage(placed: number): boolean {
  const end = document.documentElement.scrollHeight - window.innerHeight;
  return window.scrollY < placed && window.scrollY >= end - 1;
}

/** Jumps at once (navigation by a link click, spec §2). */
export function jumpTo(y: number): void {
  cancelCurrent?.();
  window.scrollTo({ top: y, left: 0, behavior: 'instant' });
}

/**
 * Scrolls smoothly to `y` (spec §2: 1.5 s smoothing, then the page's scroll-behaviour style is reset
 * 500 ms later). The frames are ours, so CSS `scroll-behavior` is forced to `auto` meanwhile; reduced-motion
 * users get a jump. It gives way to the shopper and to the browser: a wheel, touch, key or pointer press
 * cancels it, and so does any scroll that is not its own (a field focused into view, the scrollbar dragged,
 * find in page) — otherwise the next frame would pull the page back and a click would land on whatever
 * the old position holds.
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
  let placed = startY;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of SHOPPER_INPUT) window.removeEventListener(type, stop);
    if (cancelCurrent === stop) cancelCurrent = null;
    resetStyle();
  };
  const step = (now: number) => {
    // Someone else moved the page since our last frame: theirs wins. A page that got shorter under us
    // (the old page's content replaced) moves it too, to its new end: that one is not a shopper.
    if (Math.abs(window.scrollY - placed) > 1 && !clampedByShorterPage(placed)) {
      stop();
      return;
    }
    const p = Math.min(1, (now - start) / duration);
    window.scrollTo({ top: startY + distance * easeOutExpo(p), left: 0, behavior: 'instant' });
    // Where the page really is (a page shorter than the target clamps it).
    placed = window.scrollY;
    if (p < 1) frame = requestAnimationFrame(step);
    else stop();
  };
  for (const type of SHOPPER_INPUT) window.addEventListener(type, stop, { passive: true });
  cancelCurrent = stop;
  frame = requestAnimationFrame(step);
}
