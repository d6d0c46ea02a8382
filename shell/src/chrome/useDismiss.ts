import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a menu or dropdown on a pointer press outside `refs` or on Escape (spec §2: profile dropdown,
 * header search). Listens only while `active`, so closed menus cost nothing.
 */
export function useDismiss(
  active: boolean,
  refs: RefObject<HTMLElement | null>[],
  onDismiss: (reason: 'outside' | 'escape') => void,
): void {
  const latest = useRef({ refs, onDismiss });
  latest.current = { refs, onDismiss };
  useEffect(() => {
    if (!active) return undefined;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      const target = e.target as Node | null;
      if (target && latest.current.refs.some((r) => r.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current.onDismiss('escape');
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [active]);
}
