import { useEffect, type RefObject } from 'react';

/** Marks a body-level element that stays live whatever is open (the toast region: its messages must still be heard). */
export const KEEP_LIVE_ATTRIBUTE = 'data-sf-keep-live';

/**
 * How many open overlays hold each element inert. One count for the whole page: `@storefront/shared`
 * is a federation singleton, so the shell's and every remote's overlays share it, and an overlay
 * opened over another (a dialog over a drawer) releases only what it took.
 */
const holds = new Map<Element, number>();

const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);

/**
 * Makes everything on the page inert except `keep` (and their ancestors, and body-level elements
 * marked {@link KEEP_LIVE_ATTRIBUTE}): not focusable, not clickable, out of the accessibility tree,
 * as a modal dialog's background should be. Elements that were inert for their own reasons are left
 * alone. Returns the release, which undoes exactly this call.
 */
export function inertOutside(keep: readonly Element[]): () => void {
  if (typeof document === 'undefined' || keep.length === 0) return () => undefined;
  const kept = new Set(keep);
  const ancestors = new Set<Element>();
  for (const el of keep) {
    for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) ancestors.add(p);
  }
  const taken: Element[] = [];
  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (kept.has(child) || SKIPPED_TAGS.has(child.tagName)) continue;
      if (ancestors.has(child)) {
        visit(child);
        continue;
      }
      if (parent === document.body && child.hasAttribute(KEEP_LIVE_ATTRIBUTE)) continue;
      const count = holds.get(child) ?? 0;
      if (count === 0 && child.hasAttribute('inert')) continue;
      holds.set(child, count + 1);
      if (count === 0) child.setAttribute('inert', '');
      taken.push(child);
    }
  };
  visit(document.body);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const el of taken) {
      const count = (holds.get(el) ?? 1) - 1;
      if (count > 0) {
        holds.set(el, count);
      } else {
        holds.delete(el);
        el.removeAttribute('inert');
      }
    }
  };
}

/**
 * While `active`, the page outside `refs` is inert ({@link inertOutside}); when it ends (or the
 * component goes), the page is live again. For overlays that are not the shared Modal or Drawer
 * (the header's search dropdown), which do this themselves.
 */
export function useInertOutside(active: boolean, refs: readonly RefObject<Element | null>[]): void {
  useEffect(() => {
    if (!active) return undefined;
    const keep = refs.map((r) => r.current).filter((el): el is Element => el !== null);
    return inertOutside(keep);
    // The refs are stable objects; what they point at is read when the overlay opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}
