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

let pending = 0;
let settle: (() => void) | null = null;

function HydratedMark() {
  useEffect(() => {
    if (pending === 0) return;
    pending -= 1;
    if (pending === 0) settle?.();
  }, []);
  return null;
}

/** React's mark at the start of a server-rendered Suspense boundary (`<!--$-->`; `$!` when it gave up on the server). */
function isBoundaryStart(node: Comment): boolean {
  return node.data === '$' || node.data === '$!';
}

/**
 * Call right before `hydrateRoot(root, …)`: resolves once every boundary of the server's markup in
 * `root` has hydrated, or after `timeoutMs` (a boundary React dropped, say) with a warning.
 */
export function whenHydrated(root: Element, timeoutMs = 10_000): Promise<void> {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let count = 0;
  while (walker.nextNode()) if (isBoundaryStart(walker.currentNode as Comment)) count += 1;
  pending = count;
  if (count === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      console.warn(`[storefront] ${pending} of ${count} server-rendered boundaries had not hydrated after ${timeoutMs} ms`);
      pending = 0;
      resolve();
    }, timeoutMs);
    settle = () => {
      clearTimeout(timer);
      settle = null;
      resolve();
    };
  });
}
