import { Suspense, useEffect, type ReactNode } from 'react';

/**
 * A part of the page that React hydrates on its own (selective hydration). `hydrateRoot` hydrates what
 * lies outside every Suspense boundary first and commits it; each boundary's server markup is then
 * hydrated in a later, interruptible render that yields to the browser, and one the shopper taps is
 * hydrated first. So the header, the page and the footer are boundaries, and so are long lists' items.
 *
 * The shopper's saved session must not change what a boundary renders before it has hydrated (it would
 * no longer match the server's markup): `whenHydrated` tells the start-up when every boundary the
 * server sent has. Every Suspense boundary a server render may contain is one of these, so the count
 * of the server's boundary marks is the count of boundaries to wait for.
 */
export function HydrationBoundary({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <HydratedMark />
      {children}
    </Suspense>
  );
}

let hydratedCount = 0;
let check: (() => void) | null = null;

function HydratedMark() {
  useEffect(() => {
    hydratedCount += 1;
    check?.();
  }, []);
  return null;
}

/** React's mark at the start of a server-rendered Suspense boundary (`<!--$-->`; `$!` when it gave up on the server). */
function isBoundaryStart(node: Comment): boolean {
  return node.data === '$' || node.data === '$!';
}

/**
 * Call right before `hydrateRoot(root, …)`: resolves once every boundary of the server's markup in
 * `root` has hydrated or is gone (a section that failed replaces its boundaries with its fallback, and
 * React removes their marks with them), or after `timeoutMs` with a warning.
 */
export function whenHydrated(root: Element, timeoutMs = 10_000): Promise<void> {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  const marks: Comment[] = [];
  while (walker.nextNode()) if (isBoundaryStart(walker.currentNode as Comment)) marks.push(walker.currentNode as Comment);
  hydratedCount = 0;
  if (marks.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    // A hydrated boundary keeps its marks; a removed one takes them along.
    const waiting = () => marks.filter((m) => m.isConnected).length - hydratedCount;
    const observer = new MutationObserver(() => check?.());
    const done = () => {
      clearTimeout(timer);
      observer.disconnect();
      check = null;
      resolve();
    };
    const timer = setTimeout(() => {
      console.warn(`[storefront] ${waiting()} of ${marks.length} server-rendered boundaries had not hydrated after ${timeoutMs} ms`);
      done();
    }, timeoutMs);
    check = () => {
      if (waiting() <= 0) done();
    };
    observer.observe(root, { childList: true, subtree: true });
  });
}
