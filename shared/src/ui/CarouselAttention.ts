import { useState, useSyncExternalStore, type FocusEvent, type PointerEvent, type RefObject } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

/** The shopper asked for less motion (false on the server and while hydrating). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** The tab is in the background. */
export function useDocumentHidden(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}

/**
 * Whether the shopper is busy with the carousel — a mouse over it, focus inside it, a finger on it — so
 * autoplay waits, with the handlers that tell. Focus on the pause/play button itself does not count:
 * pressing Play must start it moving.
 */
export function useShopperAttention(root: RefObject<HTMLElement | null>, pauseButton: RefObject<HTMLButtonElement | null>) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [touching, setTouching] = useState(false);
  const handlers = {
    onFocus: (e: FocusEvent<HTMLElement>) => setFocused(e.target !== pauseButton.current),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      const next = e.relatedTarget as Node | null;
      setFocused(!!next && !!root.current?.contains(next) && next !== pauseButton.current);
    },
    onPointerEnter: (e: PointerEvent<HTMLElement>) => e.pointerType === 'mouse' && setHovered(true),
    onPointerLeave: (e: PointerEvent<HTMLElement>) => e.pointerType === 'mouse' && setHovered(false),
    onTouchStart: () => setTouching(true),
    onTouchEnd: () => setTouching(false),
    onTouchCancel: () => setTouching(false),
  };
  return { busy: hovered || focused || touching, handlers };
}
